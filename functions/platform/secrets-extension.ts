/**
 * GetSecretValue through the AWS Parameters and Secrets Lambda Extension: a
 * GET on localhost authenticated by the function's session token, answered
 * with GetSecretValue's JSON (AWS Lambda Developer Guide, "Use Secrets Manager
 * secrets in Lambda functions"). The CDK adds the extension as a layer to
 * every function given a secret and turns its own cache off: each reader
 * keeps one cache of its own. No Secrets Manager client, so the bundles stay
 * small (DESIGN section 9).
 */

/** The extension's default port, for when PARAMETERS_SECRETS_EXTENSION_HTTP_PORT (set by the CDK) is absent. */
const EXTENSION_DEFAULT_PORT = 2773;
const EXTENSION_TIMEOUT_MS = 5_000;

/**
 * The secret's string; `versionStage` (e.g. `AWSPREVIOUS`) picks a version,
 * AWSCURRENT by default. Fails with the extension's status and Secrets
 * Manager's message (access denied, not found), never a value; `name` says
 * which secret in that message.
 */
export async function secretStringFromExtension(
  secretId: string,
  name: string,
  versionStage?: string,
): Promise<string | undefined> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? EXTENSION_DEFAULT_PORT;
  const stage = versionStage ? `&versionStage=${encodeURIComponent(versionStage)}` : '';
  const url = `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}${stage}`;
  const response = await fetch(url, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
    signal: AbortSignal.timeout(EXTENSION_TIMEOUT_MS),
  });
  if (!response.ok)
    throw new Error(`reading ${name} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return ((await response.json()) as { SecretString?: string }).SecretString;
}
