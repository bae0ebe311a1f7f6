import { type Stack, Token } from 'aws-cdk-lib';

/**
 * How cdk-nag writes a stack's partition and region inside a finding's
 * resource ARN: the pseudo parameter of an env-agnostic stack, the literal of
 * one pinned with `-c region=` (the partition becomes a literal too, with the
 * enablePartitionLiterals flag), so an acknowledgement matches either synth.
 */
export function nagArnParts(stack: Stack): { partition: string; region: string } {
  return {
    partition: Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition,
    region: Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region,
  };
}
