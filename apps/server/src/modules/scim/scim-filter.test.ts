import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import SCIMMY from 'scimmy';
import { SCIM_SCHEMA } from '@ona/contracts';
import { createPerson } from './directory-people.ts';
import { createTestApp, scim, scimTenant, type TScimJson, type TScimTenant } from './scim-test-support.ts';
import type { TestContext } from '../../testing/test-app.ts';
import type { TPersonFields } from './user-resource.ts';

/**
 * The filter of `GET /Users` (parsed here, evaluated by the database) against a small reference
 * evaluator written from RFC 7644 §3.4.2.2 and RFC 7643's caseExact rules, on random filters over
 * a directory of random people.
 */
interface TModelUser {
  userName: string;
  externalId: string;
  displayName: string;
  givenName: string | null;
  familyName: string | null;
  email: string;
  title: string | null;
  department: string | null;
  employeeNumber: string | null;
  active: boolean;
}

const ENTERPRISE = SCIM_SCHEMA.enterpriseUser;
const WORDS = ['a', 'A', 'an', 'Ann', 'anna', 'bo', 'Bob', 'bobby', 'c', 'Sales', 'sales / north', 'IT', 'dev', 'Dev Lead', 'e1', 'E10', 'x', ''];
const TEXT_ATTRIBUTES: { path: string; read: (u: TModelUser) => string | null; caseExact: boolean }[] = [
  { path: 'userName', read: (u) => u.userName, caseExact: false },
  { path: 'externalId', read: (u) => u.externalId, caseExact: true },
  { path: 'displayName', read: (u) => u.displayName, caseExact: false },
  { path: 'name.givenName', read: (u) => u.givenName, caseExact: false },
  { path: 'name.familyName', read: (u) => u.familyName, caseExact: false },
  { path: 'emails.value', read: (u) => u.email, caseExact: false },
  { path: 'title', read: (u) => u.title, caseExact: false },
  { path: `${ENTERPRISE}:department`, read: (u) => u.department, caseExact: false },
  { path: `${ENTERPRISE}:employeeNumber`, read: (u) => u.employeeNumber, caseExact: false },
];
const TEXT_OPS = ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le', 'pr'] as const;

type TNode =
  | { kind: 'text'; attribute: number; op: (typeof TEXT_OPS)[number]; value: string }
  | { kind: 'active'; op: 'eq' | 'ne'; value: boolean | 'True' | 'False' }
  | { kind: 'workEmail'; type: string; op: (typeof TEXT_OPS)[number]; value: string }
  | { kind: 'and' | 'or'; left: TNode; right: TNode }
  | { kind: 'not'; node: TNode };

const leaf: fc.Arbitrary<TNode> = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), attribute: fc.nat(TEXT_ATTRIBUTES.length - 1), op: fc.constantFrom(...TEXT_OPS), value: fc.constantFrom(...WORDS) }),
  fc.record({ kind: fc.constant('active' as const), op: fc.constantFrom('eq' as const, 'ne' as const), value: fc.constantFrom(true, false, 'True' as const, 'False' as const) }),
  fc.record({ kind: fc.constant('workEmail' as const), type: fc.constantFrom('work', 'WORK', 'home'), op: fc.constantFrom(...TEXT_OPS), value: fc.constantFrom(...WORDS) }),
);
const filterNode: fc.Arbitrary<TNode> = fc.letrec<{ node: TNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), left: tie('node'), right: tie('node') }),
    fc.record({ kind: fc.constant('not' as const), node: tie('node') }),
  ),
})).node;

const quoted = (value: string) => JSON.stringify(value);
const comparison = (path: string, op: string, value: string) => (op === 'pr' ? `${path} pr` : `${path} ${op} ${quoted(value)}`);

/** The filter as text: `and` binds tighter than `or`, so only an `or` under an `and` needs parentheses. */
function render(node: TNode): string {
  switch (node.kind) {
    case 'text':
      return comparison(TEXT_ATTRIBUTES[node.attribute]?.path ?? 'userName', node.op, node.value);
    case 'active':
      return `active ${node.op} ${typeof node.value === 'boolean' ? String(node.value) : quoted(node.value)}`;
    case 'workEmail':
      return `emails[type eq ${quoted(node.type)}]${node.op === 'pr' ? '.value pr' : `.value ${node.op} ${quoted(node.value)}`}`;
    case 'or':
      return `${render(node.left)} or ${render(node.right)}`;
    case 'and': {
      const side = (n: TNode) => (n.kind === 'or' ? `(${render(n)})` : render(n));
      return `${side(node.left)} and ${side(node.right)}`;
    }
    case 'not':
      return `not (${render(node.node)})`;
  }
}

/** RFC 7644 comparisons: a missing value is only "not equal"; case folds unless the attribute is caseExact. */
function compareText(actual: string | null, op: (typeof TEXT_OPS)[number], expected: string, caseExact: boolean): boolean {
  if (op === 'pr') return actual !== null && actual !== '';
  if (actual === null) return op === 'ne';
  const a = caseExact ? actual : actual.toLowerCase();
  const e = caseExact ? expected : expected.toLowerCase();
  switch (op) {
    case 'eq': return a === e;
    case 'ne': return a !== e;
    case 'co': return a.includes(e);
    case 'sw': return a.startsWith(e);
    case 'ew': return a.endsWith(e);
    case 'gt': return a > e;
    case 'ge': return a >= e;
    case 'lt': return a < e;
    case 'le': return a <= e;
  }
}

function evaluate(node: TNode, user: TModelUser): boolean {
  switch (node.kind) {
    case 'text': {
      const attribute = TEXT_ATTRIBUTES[node.attribute];
      if (!attribute) throw new Error('no attribute');
      return compareText(attribute.read(user), node.op, node.value, attribute.caseExact);
    }
    case 'active': {
      const wanted = typeof node.value === 'boolean' ? node.value : node.value === 'True';
      return node.op === 'eq' ? user.active === wanted : user.active !== wanted;
    }
    case 'workEmail':
      // Every directory person has one address, of type work.
      return node.type.toLowerCase() === 'work' && compareText(user.email, node.op, node.value, false);
    case 'and': return evaluate(node.left, user) && evaluate(node.right, user);
    case 'or': return evaluate(node.left, user) || evaluate(node.right, user);
    case 'not': return !evaluate(node.node, user);
  }
}

const optional = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: null, freq: 3 });
const modelUser = (index: number): fc.Arbitrary<TModelUser> =>
  fc.record({
    stem: fc.constantFrom('ann', 'Anna', 'bob', 'BOBBY', 'cara', 'Dev'),
    externalStem: fc.constantFrom('ab', 'AB', 'Ab', 'e'),
    givenName: optional(fc.constantFrom('Ann', 'anna', 'Bo', 'Cara', 'x')),
    familyName: optional(fc.constantFrom('Able', 'bobson', 'Sales', 'IT')),
    title: optional(fc.constantFrom('Dev', 'dev lead', 'Sales', 'a')),
    department: optional(fc.constantFrom('Sales', 'Sales / North', 'IT', 'it / dev')),
    employeeNumber: optional(fc.constantFrom('E1', 'e10', 'E2')),
    active: fc.boolean(),
  }).map((r) => ({
    userName: `${r.stem}${index}`,
    externalId: `${r.externalStem}${index}`,
    displayName: [r.givenName, r.familyName].filter(Boolean).join(' ') || `${r.stem}${index}`,
    givenName: r.givenName,
    familyName: r.familyName,
    email: `${r.stem.toLowerCase()}${index}@example.test`,
    title: r.title,
    department: r.department,
    employeeNumber: r.employeeNumber,
    active: r.active,
  }));

let ctx: TestContext;
let tenant: TScimTenant;
const users: TModelUser[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await scimTenant(ctx, 'Filters');
  for (let i = 0; i < 40; i += 1) {
    const [user] = fc.sample(modelUser(i), { seed: 1000 + i, numRuns: 1 });
    if (!user) throw new Error('no sample');
    users.push(user);
    const fields: TPersonFields = {
      externalId: user.externalId, userName: user.userName, email: user.email, givenName: user.givenName, familyName: user.familyName, displayName: user.displayName,
      employeeNumber: user.employeeNumber, unitPath: user.department, managerReference: null, jobTitle: user.title, hireDate: null, leaveDate: null, leaveReason: null,
      language: null, timeZone: null, gender: null, generation: null, location: null, active: user.active,
    };
    await createPerson(ctx.db.db, tenant.organizationId, fields, new Date());
  }
}, 240_000);
afterAll(async () => ctx.close());

const matchedUserNames = async (filter: string): Promise<string[]> => {
  const res = await scim(ctx, tenant.scimToken, 'GET', `/Users?count=200&filter=${encodeURIComponent(filter)}`);
  if (res.status !== 200) throw new Error(`${filter}: ${res.status} ${res.body}`);
  return (res.json()['Resources'] as TScimJson[]).map((r) => String(r['userName'])).sort();
};

describe('the SCIM filter of GET /Users', () => {
  it('selects exactly the people the reference evaluator selects, for random filters', async () => {
    await fc.assert(
      fc.asyncProperty(filterNode, async (node) => {
        const filter = render(node);
        const expected = users.filter((u) => evaluate(node, u)).map((u) => u.userName).sort();
        expect(await matchedUserNames(filter), filter).toEqual(expected);
      }),
      { numRuns: 150, seed: 30 },
    );
  }, 240_000);

  it('negates a whole group with not (…), where scimmy’s reading would negate each part and join them with or', async () => {
    const [first, second] = users;
    const filter = `not (userName eq "${first?.userName}" or userName eq "${second?.userName}")`;
    expect(await matchedUserNames(filter)).toEqual(users.slice(2).map((u) => u.userName).sort());
    // Why the server parses filters itself (docs/directory-and-scim.md): scimmy 1.3 reads this as
    // "not a or not b", which matches everyone.
    expect([...new SCIMMY.Types.Filter(filter)]).toEqual([{ userName: ['not', 'eq', first?.userName] }, { userName: ['not', 'eq', second?.userName] }]);
  });

  it('keeps both conditions on emails and emails.value, which scimmy’s reading merges into one', async () => {
    const filter = 'emails co "ann" and emails.value co "9"';
    expect(await matchedUserNames(filter)).toEqual(users.filter((u) => u.email.includes('ann') && u.email.includes('9')).map((u) => u.userName).sort());
    expect([...new SCIMMY.Types.Filter(filter)]).toEqual([{ emails: ['co', 'ann'] }]);
  });
});
