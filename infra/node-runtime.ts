import { Runtime } from 'aws-cdk-lib/aws-lambda';

/**
 * One Node.js everywhere (DESIGN section 2): the major version Lambda runs, the
 * one esbuild builds for and the one the `node` dev dependency brings to every
 * machine. test/unit/node-runtime.test.ts fails when they drift apart.
 */
export const NODE_MAJOR = 24;

/** Lambda's managed runtime for that major version. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

/** esbuild's target for the bundles. */
export const ESBUILD_TARGET = `node${NODE_MAJOR}`;
