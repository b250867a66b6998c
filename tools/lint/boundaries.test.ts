import { describe, expect, it } from 'vitest';
import { check } from './boundaries.js';

describe('import layers (boundaries/layers)', () => {
  it('keeps machines/ pure', () => {
    expect(check('machines/session.machine.ts', '../src/app/portal')).toMatch(/machines\/ imports nothing outside/);
    expect(check('domain/rights/index.ts', '../../server/env')).toMatch(/domain\/ imports nothing outside/);
    expect(check('domain/rights/index.ts', '../../machines/session.machine')).toMatch(
      /domain\/ imports nothing outside/,
    );
    expect(check('machines/session.machine.ts', 'react')).toMatch(/only xstate and zod/);
    expect(check('machines/session.machine.ts', 'node:fs')).toMatch(/only xstate and zod/);
    expect(check('machines/session.machine.ts', './lib/contract')).toBeNull();
    expect(check('machines/session.machine.ts', 'xstate')).toBeNull();
    expect(check('domain/contract.ts', 'zod/mini')).toBeNull();
    expect(check('machines/session.machine.test.ts', 'vitest')).toBeNull();
  });

  it("gives the browser's code zod only as 'zod/mini'", () => {
    expect(check('domain/contract.ts', 'zod')).toMatch(/'zod\/mini'/);
    expect(check('src/api/client.ts', 'zod')).toMatch(/'zod\/mini'/);
    expect(check('src/routes/-search.ts', 'zod/v4')).toMatch(/'zod\/mini'/);
    expect(check('src/api/client.ts', 'zod/mini')).toBeNull();
    expect(check('src/api/client.test.ts', 'zod')).toBeNull();
    expect(check('server/lib/errors.ts', 'zod')).toBeNull();
    expect(check('machines/session.machine.test.ts', 'vitest')).toBeNull();
  });

  it('keeps server/ out of the portal source and the simulators out of the routes', () => {
    expect(check('server/app.ts', '../src/api/client')).toMatch(/server\/ imports nothing from src/);
    expect(check('server/lib/session.ts', '../../domain/contract.js')).toBeNull();
    expect(check('server/routes/sign/index.ts', '../../sim/settings.js')).toMatch(/never server\/sim/);
    expect(check('server/sim/console/index.ts', '../settings.js')).toBeNull();
  });

  it('enters a feature only through its index', () => {
    expect(check('src/features/dashboard/Dashboard.tsx', '../shell/Gated')).toMatch(/through its index/);
    expect(check('src/routes/dashboard.tsx', '../features/dashboard/Dashboard')).toMatch(/through its index/);
    expect(check('src/features/dashboard/Dashboard.tsx', '../shell')).toBeNull();
    expect(check('src/features/shell/Header.tsx', './menu')).toBeNull();
    expect(check('src/app/portal.ts', '../features/customer-add/index')).toBeNull();
  });

  it('keeps test data and model helpers out of production code', () => {
    expect(check('machines/session.machine.ts', '../tests/support/fixtures/shell')).toMatch(/outside machines/);
    expect(check('domain/rights/index.ts', '../../tests/support/model/recorder')).toMatch(/outside domain/);
    expect(check('src/app/portal.ts', '../../tests/support/fixtures/contexts')).toMatch(
      /tests\/support\/ is for tests/,
    );
    expect(check('server/app.ts', '../tests/support/fixtures/contexts')).toMatch(/server\/ imports nothing/);
    expect(check('machines/session.machine.test.ts', '../tests/support/fixtures/shell')).toBeNull();
    expect(check('machines/session.model.ts', '../tests/support/model/model-spec')).toBeNull();
    expect(check('machines/session.model.ts', '../server/env')).toMatch(/outside machines/);
    expect(check('src/features/dashboard/queries.test.ts', '../../../tests/support/fixtures/shell')).toBeNull();
    expect(check('tests/model/paths.ts', '../support/model/model-spec')).toBeNull();
    expect(check('tools/model/lib.ts', '../../tests/support/model/provided')).toBeNull();
  });
});
