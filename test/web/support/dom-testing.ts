import { configure } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { forgetHouseGames } from '@web/features/public/hooks/use-house-games';
import { staffQueryClient } from '@web/lib/staff-query';

/**
 * The web project shares CI's two cores with the CDK synths of the infra
 * project, so a render that takes 40 ms alone can take over a second there.
 * findBy* and waitFor give up after this long: it bounds how long a failing
 * test waits, and asserts nothing about speed (that is `npm run bench`).
 */
configure({ asyncUtilTimeout: 5_000 });

// the files of a worker share their modules (vitest.config.ts), so each test starts with an empty staff cache
// and no house games read by an earlier test (the public pages show their skeletons until their own answer)
beforeEach(() => {
  staffQueryClient.clear();
  forgetHouseGames();
});
