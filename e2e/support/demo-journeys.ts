/**
 * The demo's open journey. The demo is made for the day it is loaded, and its open journey is named
 * after that day's season ("Engagement survey 2026 autumn" in October, "… 2026 winter" in
 * December), so a test finds it by its answering window, which ends last, never by its name.
 */
export function openDemoJourney<T extends { id: number; name: string; access_till: string }>(journeys: readonly T[]): T {
  const demo = journeys.filter((journey) => journey.name.startsWith('Engagement survey'));
  const open = demo.reduce<T | undefined>((latest, journey) => (!latest || journey.access_till > latest.access_till ? journey : latest), undefined);
  if (!open) throw new Error(`no demo journey among ${journeys.map((journey) => journey.name).join(', ')}`);
  return open;
}
