import { describe, expect, it } from 'vitest';
import { staffTeamChangeCheck, staffTeamLocationsMissing } from './staff-team';

const owners = [
  { id: 1, active: true },
  { id: 2, active: true },
  { id: 3, active: false },
];

describe('staffTeamChangeCheck', () => {
  it('refuses an owner removing or demoting themself', () => {
    expect(staffTeamChangeCheck(1, { kind: 'remove', targetId: 1, targetRole: 'OWNER' }, owners)).toEqual({
      ok: false,
      refusal: 'SELF_REMOVE',
    });
    expect(
      staffTeamChangeCheck(1, { kind: 'role', targetId: 1, from: 'OWNER', to: 'STAFF' }, owners),
    ).toEqual({
      ok: false,
      refusal: 'SELF_DEMOTE',
    });
    // Keeping their own role is no demotion.
    expect(
      staffTeamChangeCheck(1, { kind: 'role', targetId: 1, from: 'OWNER', to: 'OWNER' }, owners).ok,
    ).toBe(true);
  });

  it('lets an owner remove or demote another while an active owner remains', () => {
    expect(staffTeamChangeCheck(1, { kind: 'remove', targetId: 2, targetRole: 'OWNER' }, owners).ok).toBe(
      true,
    );
    expect(
      staffTeamChangeCheck(1, { kind: 'role', targetId: 2, from: 'OWNER', to: 'STAFF' }, owners).ok,
    ).toBe(true);
    expect(staffTeamChangeCheck(1, { kind: 'remove', targetId: 9, targetRole: 'STAFF' }, owners).ok).toBe(
      true,
    );
  });

  it('refuses leaving no active owner (an invited or removed owner does not count)', () => {
    const onlyOne = [
      { id: 1, active: true },
      { id: 3, active: false },
    ];
    expect(staffTeamChangeCheck(3, { kind: 'remove', targetId: 1, targetRole: 'OWNER' }, onlyOne)).toEqual({
      ok: false,
      refusal: 'LAST_OWNER',
    });
    expect(
      staffTeamChangeCheck(3, { kind: 'role', targetId: 1, from: 'OWNER', to: 'STAFF' }, onlyOne),
    ).toEqual({
      ok: false,
      refusal: 'LAST_OWNER',
    });
    // Removing staff or promoting someone never leaves the company without an owner.
    expect(
      staffTeamChangeCheck(1, { kind: 'role', targetId: 5, from: 'STAFF', to: 'OWNER' }, onlyOne).ok,
    ).toBe(true);
  });
});

describe('staffTeamLocationsMissing', () => {
  it('asks a STAFF member for a location, never an OWNER', () => {
    expect(staffTeamLocationsMissing('STAFF', [])).toBe(true);
    expect(staffTeamLocationsMissing('STAFF', [4])).toBe(false);
    expect(staffTeamLocationsMissing('OWNER', [])).toBe(false);
  });
});
