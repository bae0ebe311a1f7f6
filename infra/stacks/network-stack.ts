import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** Where a provider-calling function runs (infra/constructs/domain-function.ts). */
export interface ProviderEgress {
  readonly vpc: ec2.IVpc;
  readonly securityGroup: ec2.ISecurityGroup;
}

/** Availability zones of the egress VPC: one NAT gateway and one Elastic IP each (README "First deploy"). */
export const EGRESS_AZS = 2;

/**
 * Fixed outbound addresses for the functions that call providers (DESIGN
 * section 8): MTN allowlists the IP addresses that may call its live API, and
 * Orange's merchant contract likely does the same. Those functions run in the
 * private subnets of this VPC, whose only way out is a NAT gateway per AZ with
 * an Elastic IP of this stack's own: the addresses to give MTN and Orange
 * (stack outputs EgressIp1, EgressIp2). Table traffic goes through a DynamoDB
 * gateway endpoint, not the NAT (no NAT charge, no detour). Functions that
 * call no provider stay outside any VPC.
 */
export class NetworkStack extends Stack {
  readonly vpc: ec2.Vpc;
  /** The provider-calling functions' security group: outbound only. */
  readonly providerEgress: ec2.SecurityGroup;
  readonly egressIps: ec2.CfnEIP[];

  /** What DomainFunction needs to put a provider-calling function behind the fixed egress. */
  get egress(): ProviderEgress {
    return { vpc: this.vpc, securityGroup: this.providerEgress };
  }

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);

    this.egressIps = Array.from(
      { length: EGRESS_AZS },
      (_, i) => new ec2.CfnEIP(this, `EgressIp${i + 1}`, { domain: 'vpc' }),
    );
    this.vpc = new ec2.Vpc(this, 'Egress', {
      maxAzs: EGRESS_AZS,
      natGateways: EGRESS_AZS,
      natGatewayProvider: ec2.NatProvider.gateway({
        eipAllocationIds: this.egressIps.map((eip) => eip.attrAllocationId),
      }),
      subnetConfiguration: [
        { name: 'nat', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 26 },
        { name: 'functions', subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 20 },
      ],
      gatewayEndpoints: {
        DynamoDb: {
          service: ec2.GatewayVpcEndpointAwsService.DYNAMODB,
          subnets: [{ subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS }],
        },
      },
      flowLogs: {
        rejected: {
          destination: ec2.FlowLogDestination.toCloudWatchLogs(
            new logs.LogGroup(this, 'FlowLogs', { retention: logs.RetentionDays.THREE_MONTHS }),
          ),
          trafficType: ec2.FlowLogTrafficType.REJECT,
        },
      },
    });

    this.providerEgress = new ec2.SecurityGroup(this, 'ProviderEgress', {
      vpc: this.vpc,
      description: 'raffle provider-calling functions: no inbound, outbound to the providers through the NAT',
      allowAllOutbound: true,
    });

    this.egressIps.forEach((eip, i) => {
      new CfnOutput(this, `EgressIp${i + 1}Address`, {
        value: eip.ref,
        description: `Outbound address ${i + 1} of the provider-calling functions: give it to MTN and Orange with the callback host`,
      });
    });
  }
}
