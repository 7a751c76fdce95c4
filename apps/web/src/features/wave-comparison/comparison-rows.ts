import type { TComparedUnit, TNetworkChange, TUnitWaveStatus } from '@ona/contracts';

/**
 * The rows of the Compare page's network and unit tables (sorted in the browser: both lists come
 * whole). A figure the caller may not read, or that cannot be computed, is null and sorts last.
 */

export type TNetworkRow = {
  key: string;
  label: string;
  then: number | null;
  now: number | null;
  kept: number | null;
  added: number | null;
  lost: number | null;
  isolates: number | null;
  bridges: number | null;
  withheld: boolean;
};

export function networkRows(networks: readonly TNetworkChange[]): TNetworkRow[] {
  return networks.map((network) => ({
    key: network.key,
    label: network.label,
    then: network.ties?.then ?? null,
    now: network.ties?.now ?? null,
    kept: network.ties?.kept ?? null,
    added: network.ties?.added ?? null,
    lost: network.ties?.lost ?? null,
    // Isolates and bridges are withheld with the ties (they would tell who did not name the reader).
    isolates: network.withheld ? null : network.new_isolates.length,
    bridges: network.bridges_lost === null ? null : network.bridges_lost.length,
    withheld: network.withheld,
  }));
}

/** A figure then and now with its change (now − then); null where a side is missing or withheld. */
export type TThenNow = { then: number | null; now: number | null; change: number | null };

export type TUnitRow = {
  key: string;
  name: string;
  path: string;
  status: TUnitWaveStatus;
  members: TThenNow;
  density: TThenNow;
  reciprocity: TThenNow;
  ei: TThenNow;
  atRisk: TThenNow;
  /** The sort keys: members now, and each figure's change. */
  membersNow: number | null;
  densityChange: number | null;
  reciprocityChange: number | null;
  eiChange: number | null;
  atRiskChange: number | null;
  withheld: boolean;
};

const figure = (unit: TComparedUnit, pick: (side: NonNullable<TComparedUnit['then']>) => number | null, change: number | null): TThenNow => ({
  then: unit.then ? pick(unit.then) : null,
  now: unit.now ? pick(unit.now) : null,
  change,
});

export function unitRows(units: readonly TComparedUnit[]): TUnitRow[] {
  return units.map((unit) => {
    const members = figure(unit, (side) => (side.withheld ? null : side.members), unit.change.members);
    const density = figure(unit, (side) => side.density, unit.change.density);
    const reciprocity = figure(unit, (side) => side.reciprocity, unit.change.reciprocity);
    const ei = figure(unit, (side) => side.ei_index, unit.change.ei_index);
    const atRisk = figure(unit, (side) => side.share_at_risk, unit.change.share_at_risk);
    return {
      key: unit.path.join('\u0000'),
      name: unit.name,
      path: unit.path.join(' / '),
      status: unit.status,
      members,
      density,
      reciprocity,
      ei,
      atRisk,
      membersNow: members.now ?? members.then,
      densityChange: density.change,
      reciprocityChange: reciprocity.change,
      eiChange: ei.change,
      atRiskChange: atRisk.change,
      withheld: (unit.then?.withheld ?? false) || (unit.now?.withheld ?? false),
    };
  });
}
