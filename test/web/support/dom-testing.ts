import { configure } from '@testing-library/react';

/**
 * The web project shares CI's two cores with the CDK synths of the infra
 * project, so a render that takes 40 ms alone can take over a second there.
 * findBy* and waitFor give up after this long: it bounds how long a failing
 * test waits, and asserts nothing about speed (that is `npm run bench`).
 */
configure({ asyncUtilTimeout: 5_000 });
