import { describe, expect, it } from 'vitest';
import { createRng } from '../prng.ts';
import { lanczosLeading, leadingOfTridiagonal } from './lanczos.ts';
import type { SymmetricOperator } from './lanczos.ts';

/** M = Q·diag(values)·Qᵀ with Q a seeded random orthogonal matrix (Householder reflections), dense. */
function symmetricWithSpectrum(values: readonly number[], seed: number): { apply: SymmetricOperator; leading: Float64Array } {
  const n = values.length;
  const rng = createRng(seed);
  const q = Array.from({ length: n }, (_, i) => Float64Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let r = 0; r < 3; r++) {
    const u = Float64Array.from({ length: n }, () => rng() - 0.5);
    let length = 0;
    for (const x of u) length += x * x;
    for (let i = 0; i < n; i++) {
      let d = 0;
      for (let j = 0; j < n; j++) d += q[i]![j]! * u[j]!;
      for (let j = 0; j < n; j++) q[i]![j]! -= (2 * d * u[j]!) / length;
    }
  }
  const m = Array.from({ length: n }, (_, i) =>
    Float64Array.from({ length: n }, (_, j) => {
      let sum = 0;
      for (let k = 0; k < n; k++) sum += q[i]![k]! * values[k]! * q[j]![k]!;
      return sum;
    }),
  );
  const leading = Float64Array.from({ length: n }, (_, i) => q[i]![0]!);
  return {
    apply: (x, out) => {
      for (let i = 0; i < n; i++) {
        let sum = 0;
        for (let j = 0; j < n; j++) sum += m[i]![j]! * x[j]!;
        out[i] = sum;
      }
    },
    leading,
  };
}

/** |cos| of the angle between two vectors: 1 when they span the same line. */
function alignment(a: Float64Array, b: Float64Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return Math.abs(ab) / Math.sqrt(aa * bb);
}

describe('the leading eigenvector by Lanczos', () => {
  it('finds the eigenvalue and vector of a small tridiagonal matrix as the characteristic polynomial gives them', () => {
    // [[2, 1, 0], [1, 2, 1], [0, 1, 2]]: eigenvalues 2 − √2, 2, 2 + √2; the largest's vector (1, √2, 1)/2.
    const { value, vector } = leadingOfTridiagonal([2, 2, 2], [1, 1]);
    expect(value).toBeCloseTo(2 + Math.SQRT2, 14);
    const sign = Math.sign(vector[0]!);
    expect(Array.from(vector, (x) => x * sign)).toEqual([0.5, Math.SQRT1_2, 0.5].map((x) => expect.closeTo(x, 14)));
  });

  it('reaches the leading eigenvector of a matrix whose second eigenvalue is 0.99 of the first, in far fewer products than the power iteration', () => {
    const n = 300;
    const values = Array.from({ length: n }, (_, i) => (i === 0 ? 1 : i === 1 ? 0.99 : 0.9 * (1 - i / n)));
    const { apply, leading } = symmetricWithSpectrum(values, 7);
    let products = 0;
    const counted: SymmetricOperator = (x, out) => {
      products++;
      apply(x, out);
    };
    const found = lanczosLeading(n, counted, new Float64Array(n).fill(1), { maxSteps: 200, relativeResidual: 1e-10 });
    expect(found).not.toBeNull();
    expect(1 - alignment(found!, leading)).toBeLessThan(1e-12);
    // The power iteration's error shrinks by 0.99 a step: about 2,750 steps for 1e-12.
    expect(products).toBeLessThan(100);
  });

  it('gives the projection of the start where the leading eigenvalue is repeated, as the power iteration does', () => {
    // Two blocks alike (two components of a network with the same leading value): diag(3, 3, 1, 0.5).
    const apply: SymmetricOperator = (x, out) => {
      out[0] = 3 * x[0]!;
      out[1] = 3 * x[1]!;
      out[2] = x[2]!;
      out[3] = 0.5 * x[3]!;
    };
    const found = lanczosLeading(4, apply, Float64Array.from([1, 2, 1, 1]), { maxSteps: 4, relativeResidual: 1e-12 })!;
    expect(1 - alignment(found, Float64Array.from([1, 2, 0, 0]))).toBeLessThan(1e-12);
  });

  it('answers null for a zero start or an operator that maps it to zero', () => {
    const zero: SymmetricOperator = (_x, out) => out.fill(0);
    expect(lanczosLeading(3, zero, Float64Array.from([1, 1, 1]), { maxSteps: 5, relativeResidual: 1e-12 })).toBeNull();
    expect(lanczosLeading(3, (x, out) => out.set(x), new Float64Array(3), { maxSteps: 5, relativeResidual: 1e-12 })).toBeNull();
  });
});
