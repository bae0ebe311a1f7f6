// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { EGRESS_AZS } from '../../infra/stacks/network-stack';
import { resourcesOf, synthApp, type SynthesizedApp } from './synth-app';

/**
 * Fixed egress for the providers (DESIGN section 8; README "First deploy"):
 * the functions that call MTN, Orange, Africa's Talking or the beacon run in
 * private subnets whose only way out is a NAT gateway with an Elastic IP of
 * the stack's own; every other function stays out of the VPC. Synthesized
 * without bundling (and with cdk-nag, which fails the synthesis on a finding).
 */
let synth: SynthesizedApp;

beforeAll(() => {
  synth = synthApp({ withWebDist: false, skipBundling: true, context: { region: 'af-south-1' } });
}, 300_000);
afterAll(() => synth?.dispose());

const network = () => synth.template(synth.network).toJSON() as Record<string, any>;
const ofType = (type: string) =>
  Object.entries<Record<string, any>>(network().Resources).filter(([, r]) => r.Type === type);

/** Every function of the api and realtime stacks: its service name and its VpcConfig. */
function functions() {
  return [synth.api, synth.realtime].flatMap((stack) =>
    Object.values(resourcesOf(synth.template(stack), 'AWS::Lambda::Function')).map((fn) => ({
      name: fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME as string,
      vpc: fn.Properties.VpcConfig as { SubnetIds: unknown[]; SecurityGroupIds: unknown[] } | undefined,
    })),
  );
}

/** The logical ids of the network stack resources an imported value names. */
const importedIds = (value: unknown): string[] => {
  const outputs = network().Outputs as Record<string, { Value: unknown; Export?: { Name: string } }>;
  const names = [...JSON.stringify(value).matchAll(/"Fn::ImportValue":"([^"]+)"/g)].map((m) => m[1]);
  return names.map((n) => JSON.stringify(Object.values(outputs).find((o) => o.Export?.Name === n)?.Value ?? ''));
};

describe('fixed egress for the provider-calling functions', () => {
  it('puts exactly the functions that call providers in the VPC', () => {
    const callers = Object.entries(TIME_BUDGETS)
      .filter(([, budget]) => budget.callsProviders)
      .map(([name]) => name)
      .sort();
    expect(callers).toEqual(['announcer', 'draws', 'jobs', 'payouts', 'prompts', 'stream', 'support', 'webhooks']);
    const inVpc = functions()
      .filter((f) => f.vpc)
      .map((f) => f.name)
      .sort();
    expect(inVpc).toEqual(callers);
  });

  it('runs them in the private subnets, whose default route is a NAT gateway with an Elastic IP of the stack', () => {
    const natGateways = ofType('AWS::EC2::NatGateway');
    expect(natGateways).toHaveLength(EGRESS_AZS);
    const eipIds = ofType('AWS::EC2::EIP').map(([id]) => id);
    expect(eipIds).toHaveLength(EGRESS_AZS);
    expect(natGateways.map(([, nat]) => nat.Properties.AllocationId['Fn::GetAtt'][0]).sort()).toEqual(eipIds.sort());

    const natIds = natGateways.map(([id]) => id);
    const routes = ofType('AWS::EC2::Route').filter(([, r]) => r.Properties.NatGatewayId);
    expect(routes).toHaveLength(EGRESS_AZS);
    const privateRouteTables = new Set(routes.map(([, r]) => r.Properties.RouteTableId.Ref));
    for (const [, route] of routes) {
      expect(route.Properties.DestinationCidrBlock).toBe('0.0.0.0/0');
      expect(natIds).toContain(route.Properties.NatGatewayId.Ref);
    }
    const privateSubnets = ofType('AWS::EC2::SubnetRouteTableAssociation')
      .filter(([, a]) => privateRouteTables.has(a.Properties.RouteTableId.Ref))
      .map(([, a]) => a.Properties.SubnetId.Ref as string);
    expect(privateSubnets).toHaveLength(EGRESS_AZS);
    for (const fn of functions().filter((f) => f.vpc)) {
      const subnets = fn.vpc!.SubnetIds.flatMap(importedIds).map((v) => JSON.parse(v).Ref);
      expect(subnets.sort(), fn.name).toEqual([...privateSubnets].sort());
    }
  });

  it('prints the Elastic IPs as stack outputs (the addresses to give MTN and Orange)', () => {
    const outputs = network().Outputs as Record<string, { Value: { Ref?: string } }>;
    const printed = Object.entries(outputs)
      .filter(([id]) => /^EgressIp\dAddress$/.test(id))
      .map(([, o]) => o.Value.Ref);
    expect(printed.sort()).toEqual(
      ofType('AWS::EC2::EIP')
        .map(([id]) => id)
        .sort(),
    );
  });

  it('sends table traffic through a DynamoDB gateway endpoint on the private route tables, not the NAT', () => {
    const endpoints = ofType('AWS::EC2::VPCEndpoint');
    expect(endpoints).toHaveLength(1);
    const [, endpoint] = endpoints[0]!;
    expect(endpoint.Properties.VpcEndpointType).toBe('Gateway');
    expect(JSON.stringify(endpoint.Properties.ServiceName)).toContain('dynamodb');
    const natRouteTables = ofType('AWS::EC2::Route')
      .filter(([, r]) => r.Properties.NatGatewayId)
      .map(([, r]) => r.Properties.RouteTableId.Ref);
    expect(endpoint.Properties.RouteTableIds.map((t: { Ref: string }) => t.Ref).sort()).toEqual(natRouteTables.sort());
  });

  it('lets the VPC functions manage their network interfaces, and no other function', () => {
    for (const stack of [synth.api, synth.realtime]) {
      const template = synth.template(stack);
      const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy'));
      for (const [, fn] of Object.entries(resourcesOf(template, 'AWS::Lambda::Function'))) {
        const roleId: string = fn.Properties.Role['Fn::GetAtt'][0];
        const actions = policies
          .filter((p) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
          .flatMap((p) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[] }>)
          .flatMap((s) => [s.Action].flat());
        expect(
          actions.includes('ec2:CreateNetworkInterface'),
          fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
        ).toBe(fn.Properties.VpcConfig !== undefined);
      }
    }
  });
});
