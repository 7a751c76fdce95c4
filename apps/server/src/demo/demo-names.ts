import type { DemoGender } from './demo-types.ts';
import type { SeededRandom } from './seeded-random.ts';

/**
 * Name pools for the demo people. The company is Hungarian with an international part, so the pool
 * mixes Hungarian names (family name first, as Hungarians write them) and English ones.
 */

const HUNGARIAN_FAMILY_NAMES = [
  'Nagy', 'Kovács', 'Tóth', 'Szabó', 'Horváth', 'Varga', 'Kiss', 'Molnár', 'Németh', 'Farkas',
  'Balogh', 'Papp', 'Takács', 'Juhász', 'Lakatos', 'Mészáros', 'Simon', 'Rácz', 'Fekete', 'Szilágyi',
  'Török', 'Fehér', 'Balázs', 'Gál', 'Szűcs', 'Kocsis', 'Pintér', 'Fodor', 'Szalai', 'Sipos',
  'Magyar', 'Lukács', 'Gulyás', 'Bíró', 'Király', 'Katona', 'László', 'Jakab', 'Sándor', 'Boros',
  'Fazekas', 'Kelemen', 'Antal', 'Somogyi', 'Orosz', 'Vincze', 'Hegedűs', 'Veres', 'Deák', 'Illés',
  'Vass', 'Bakos', 'Hajdú', 'Kozma', 'Máté', 'Barna', 'Pásztor', 'Csizmadia', 'Erdős', 'Vörös',
] as const;

const HUNGARIAN_GIVEN_NAMES: Record<DemoGender, readonly string[]> = {
  female: [
    'Anna', 'Eszter', 'Katalin', 'Zsófia', 'Réka', 'Judit', 'Ágnes', 'Erzsébet', 'Éva', 'Krisztina',
    'Nóra', 'Petra', 'Dóra', 'Lilla', 'Viktória', 'Orsolya', 'Andrea', 'Mónika', 'Tímea', 'Boglárka',
    'Fanni', 'Luca', 'Hanna', 'Emese', 'Ildikó', 'Gabriella', 'Rita', 'Beáta', 'Szilvia', 'Edit',
  ],
  male: [
    'László', 'István', 'József', 'Zoltán', 'Gábor', 'Péter', 'Attila', 'Tamás', 'Balázs', 'Dávid',
    'Bence', 'Máté', 'Ádám', 'Levente', 'Márton', 'András', 'Csaba', 'Ferenc', 'Sándor', 'Tibor',
    'Gergely', 'Norbert', 'Krisztián', 'Viktor', 'Dániel', 'Zsolt', 'Róbert', 'Miklós', 'Áron', 'Barnabás',
  ],
};

const ENGLISH_FAMILY_NAMES = [
  'Clarke', 'Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson', 'Davies', 'Evans', 'Roberts', 'Walker',
  'Wright', 'Robinson', 'Thompson', 'White', 'Hughes', 'Edwards', 'Green', 'Hall', 'Wood', 'Harris',
  'Martin', 'Jackson', 'Lewis', 'Turner', 'Hill', 'Cooper', 'Ward', 'Morris', 'Baker', 'Moore',
  'King', 'Carter', 'Mitchell', 'Bennett', 'Parker', 'Collins', 'Murphy', 'Kelly', 'Foster', 'Price',
] as const;

const ENGLISH_GIVEN_NAMES: Record<DemoGender, readonly string[]> = {
  female: [
    'Emma', 'Olivia', 'Sophie', 'Charlotte', 'Amelia', 'Grace', 'Emily', 'Hannah', 'Lucy', 'Chloe',
    'Isabella', 'Jessica', 'Laura', 'Rachel', 'Sarah', 'Megan', 'Ella', 'Alice', 'Rebecca', 'Victoria',
  ],
  male: [
    'James', 'Oliver', 'Thomas', 'William', 'Jack', 'Harry', 'George', 'Daniel', 'Matthew', 'Samuel',
    'Benjamin', 'Joseph', 'Edward', 'Henry', 'Michael', 'David', 'Andrew', 'Christopher', 'Ryan', 'Luke',
  ],
};

/** Share of Hungarian names; the rest are English. */
const HUNGARIAN_SHARE = 0.65;

export interface DemoPersonName {
  /** As the person writes it: "Kovács Anna" or "Emma Clarke". */
  displayName: string;
  /** For the e-mail address, given name first in both conventions. */
  givenName: string;
  familyName: string;
}

export function drawPersonName(random: SeededRandom, gender: DemoGender): DemoPersonName {
  if (random.chance(HUNGARIAN_SHARE)) {
    const familyName = random.pick(HUNGARIAN_FAMILY_NAMES);
    const givenName = random.pick(HUNGARIAN_GIVEN_NAMES[gender]);
    return { displayName: `${familyName} ${givenName}`, givenName, familyName };
  }
  const givenName = random.pick(ENGLISH_GIVEN_NAMES[gender]);
  const familyName = random.pick(ENGLISH_FAMILY_NAMES);
  return { displayName: `${givenName} ${familyName}`, givenName, familyName };
}

/** Lower-case ASCII: "Szűcs" → "szucs", so that addresses work with every mail system. */
export function asciiMailPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}
