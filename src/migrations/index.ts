import * as migration_20261122_043922_initial from './20261122_043922_initial';
import * as migration_20261122_055557_admin_exports from './20261122_055557_admin_exports';

export const migrations = [
  {
    up: migration_20261122_043922_initial.up,
    down: migration_20261122_043922_initial.down,
    name: '20261122_043922_initial',
  },
  {
    up: migration_20261122_055557_admin_exports.up,
    down: migration_20261122_055557_admin_exports.down,
    name: '20261122_055557_admin_exports'
  },
];
