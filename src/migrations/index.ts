import * as migration_20261122_043922_initial from './20261122_043922_initial';

export const migrations = [
  {
    up: migration_20261122_043922_initial.up,
    down: migration_20261122_043922_initial.down,
    name: '20261122_043922_initial'
  },
];
