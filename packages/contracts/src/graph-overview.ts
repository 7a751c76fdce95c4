import { z } from 'zod';
import { ZDbIdParam } from './ids.ts';
import { ZEdgeVisibility, ZGraphFilter, ZGraphNamedBy, ZGraphQuestion, ZGraphStatistics, ZGraphType, ZGraphUnit } from './graph.ts';

/**
 * The graph view at scale (issue 34, item 4; docs/graph.md, "Overview of units"): each unit a
 * node sized by its people, the ties between units summed; chosen units opened into their people.
 * The answer is columnar: each column one typed array, little-endian, in base64, so that a view of
 * 20,000 people and 250,000 ties is a few megabytes parsed in one pass, not 270,000 objects.
 */

/**
 * Above this many people in the view, the graph page opens on the overview of units; at or below
 * it, on the people (the demo's 320 people keep the people view). Chosen where the people view of
 * the 5,000-person benchmark took 1.2-3.6 s to draw on a software WebGL (docs/benchmarks.md).
 */
export const GRAPH_OVERVIEW_MIN_PEOPLE = 2000;

/** No unit: people without a unit are gathered in one node with this id (database ids start at 1). */
export const NO_UNIT_ID = 0;

const ZRepeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(5000));

/**
 * GET /engagements/{id}/graph-overview/. graph_type, unit, filter_{key} and edges as on
 * graph-visualization; `open` the units shown as their people (row ids, bounded as every id),
 * `open_no_unit=true` the people without a unit too;
 * `rest`: `units` also draws every other unit as one node with the opened people's ties to it,
 * `none` only the opened people and the ties among them.
 */
export const ZGraphOverviewQuery = z
  .object({
    graph_type: ZGraphType.optional(),
    unit: ZRepeated(ZDbIdParam),
    edges: ZEdgeVisibility.default('all'),
    open: ZRepeated(ZDbIdParam),
    open_no_unit: z.enum(['true', 'false']).default('false'),
    rest: z.enum(['units', 'none']).default('units'),
  })
  .catchall(z.union([z.string().max(200), z.array(z.string().max(200)).max(500)]));
export type TGraphOverviewQuery = z.infer<typeof ZGraphOverviewQuery>;

/** One typed array in base64 (RFC 4648, with padding); its element type is the column's, below. */
export const ZBase64Column = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');

/** Node kinds of the `kind` column. */
export const OVERVIEW_NODE_UNIT = 0;
export const OVERVIEW_NODE_PERSON = 1;

export const ZGraphOverviewNodes = z.object({
  count: z.number().int().min(0),
  /** Uint8: 0 a unit (its people not opened), 1 a person. Units come first, then people. */
  kind: ZBase64Column,
  /** Int32: the unit's id (0: no unit) or the person's employee id. */
  id: ZBase64Column,
  /** Int32: the unit a node belongs to (a unit node: itself; a person: their unit, 0 for none). */
  unit: ZBase64Column,
  /** Uint32: people in a unit node that the caller may see and the view keeps; 1 for a person. */
  people: ZBase64Column,
  /** Uint32: ties drawn among a unit's own people (not drawn as an edge); 0 for a person. */
  internal_ties: ZBase64Column,
  /** Float32: the regular layout (a unit: the centroid of its people). */
  x: ZBase64Column,
  y: ZBase64Column,
  /** A person's name, or the unit's name ('' for no unit). */
  labels: z.array(z.string()),
});

export const ZGraphOverviewTies = z.object({
  count: z.number().int().min(0),
  /** Uint32: node indexes (into the node columns). Directed: source named target. */
  source: ZBase64Column,
  target: ZBase64Column,
  /** Uint32: the directed ties summed into this one (1 between two people). */
  weight: ZBase64Column,
  /** Uint8: 1 when the reverse tie is drawn too (between two people only; aggregated ties 0). */
  mutual: ZBase64Column,
});

export const ZGraphOverview = z.object({
  nodes: ZGraphOverviewNodes,
  ties: ZGraphOverviewTies,
  /** The units with their palette colours (as on graph-visualization), for the Scope tab and colours. */
  units: z.array(ZGraphUnit),
  filters: z.array(ZGraphFilter),
  /** The questions, for the labels of `named_by`. */
  questions: z.array(ZGraphQuestion),
  graph_types: z.array(ZGraphType),
  graph_type: ZGraphType.nullable(),
  /** The units shown as people, as asked (those the caller may see). */
  open: z.array(z.number().int()),
  /** Of the whole view as graph-visualization would draw it with the same query (every person, every tie). */
  statistics: ZGraphStatistics,
  own_employee_id: z.number().int().nullable(),
  named_by: ZGraphNamedBy.nullable(),
});
export type TGraphOverview = z.infer<typeof ZGraphOverview>;

/** The columns decoded. */
export interface GraphOverviewColumns {
  kind: Uint8Array;
  id: Int32Array;
  unit: Int32Array;
  people: Uint32Array;
  internalTies: Uint32Array;
  x: Float32Array;
  y: Float32Array;
  labels: readonly string[];
  source: Uint32Array;
  target: Uint32Array;
  weight: Uint32Array;
  mutual: Uint8Array;
}

type TypedArray = Uint8Array | Int32Array | Uint32Array | Float32Array;
type TypedArrayOf<T extends TypedArray> = { new (buffer: ArrayBuffer, byteOffset: number, length: number): T; BYTES_PER_ELEMENT: number };

/** A typed array as base64 (little-endian, as every machine the product runs on stores it). */
export function encodeColumn(values: TypedArray): string {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and arguments are limited.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The standard base64 decoder of newer engines (Chromium 140+): native, one pass, no string of bytes. */
type TBase64Decoder = { fromBase64?: (base64: string) => Uint8Array };

/** A column's bytes: straight from base64 where the engine can, else through atob's binary string. */
function base64Bytes(base64: string): Uint8Array {
  const native = (Uint8Array as unknown as TBase64Decoder).fromBase64;
  if (native) return native.call(Uint8Array, base64);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Reads a column back; the length must be the count the answer states. */
export function decodeColumn<T extends TypedArray>(base64: string, type: TypedArrayOf<T>, count: number): T {
  const bytes = base64Bytes(base64);
  if (bytes.length !== count * type.BYTES_PER_ELEMENT) throw new Error(`a column holds ${bytes.length} bytes where ${count} values of ${type.BYTES_PER_ELEMENT} bytes were announced`);
  // A view on the decoded bytes, no copy (a fresh buffer of its own, so the offset is 0 and aligned).
  return new type(bytes.buffer as ArrayBuffer, bytes.byteOffset, count);
}

export function decodeGraphOverview(overview: Pick<TGraphOverview, 'nodes' | 'ties'>): GraphOverviewColumns {
  const { nodes, ties } = overview;
  if (nodes.labels.length !== nodes.count) throw new Error(`${nodes.labels.length} labels for ${nodes.count} nodes`);
  return {
    kind: decodeColumn(nodes.kind, Uint8Array, nodes.count),
    id: decodeColumn(nodes.id, Int32Array, nodes.count),
    unit: decodeColumn(nodes.unit, Int32Array, nodes.count),
    people: decodeColumn(nodes.people, Uint32Array, nodes.count),
    internalTies: decodeColumn(nodes.internal_ties, Uint32Array, nodes.count),
    x: decodeColumn(nodes.x, Float32Array, nodes.count),
    y: decodeColumn(nodes.y, Float32Array, nodes.count),
    labels: nodes.labels,
    source: decodeColumn(ties.source, Uint32Array, ties.count),
    target: decodeColumn(ties.target, Uint32Array, ties.count),
    weight: decodeColumn(ties.weight, Uint32Array, ties.count),
    mutual: decodeColumn(ties.mutual, Uint8Array, ties.count),
  };
}
