import type { Attributes } from 'graphology-types';
import { createEdgeCompoundProgram, EdgeProgram, type ProgramInfo } from 'sigma/rendering';
import type { EdgeDisplayData, NodeDisplayData, RenderParams } from 'sigma/types';
import { floatColor } from 'sigma/utils';

import { EDGE_CURVATURE } from './edge-curve-geometry.ts';
import { createEdgeCurvedHeadProgram } from './edge-straight-program.ts';

/** Straight pieces per curve: smooth at any zoom a person uses, cheap for 100,000 edges. */
const SEGMENTS = 12;

// A quadratic Bézier from source to target, bulging to the left of the direction of the tie, so
// that the two ties of a mutual pair curve apart. Each instance is SEGMENTS quads along the curve.
const VERTEX_SHADER = /* glsl */ `
attribute vec4 a_id;
attribute vec4 a_color;
attribute vec2 a_source;
attribute vec2 a_target;
attribute float a_thickness;
attribute float a_targetSize;
attribute float a_t;
attribute float a_side;

uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_minEdgeThickness;
uniform float u_curvature;
uniform float u_headRoom;

varying vec4 v_color;

const float bias = 255.0 / 254.0;

void main() {
  vec2 chord = a_target - a_source;
  vec2 control = (a_source + a_target) * 0.5 + u_curvature * vec2(-chord.y, chord.x);
  float unit = u_correctionRatio / u_sizeRatio;
  float width = max(a_thickness, u_minEdgeThickness * u_sizeRatio) * unit;
  // Under an arrowhead the body stops where the head's base is (the node's radius and the head's
  // length, 5 thicknesses, from the target), so the head reads as a head: the curve runs at
  // 2·|target − control| per unit of t near its end.
  float room = u_headRoom * (a_targetSize * 2.0 * unit + width * 5.0);
  float speed = 2.0 * length(a_target - control);
  float t = a_t * (speed > 0.0 ? clamp(1.0 - room / speed, 0.0, 1.0) : 1.0);
  float s = 1.0 - t;
  vec2 point = s * s * a_source + 2.0 * s * t * control + t * t * a_target;
  vec2 tangent = 2.0 * s * (control - a_source) + 2.0 * t * (a_target - control);
  float tangentLength = length(tangent);
  vec2 normal = tangentLength > 0.0 ? vec2(-tangent.y, tangent.x) / tangentLength : vec2(0.0, 0.0);
  gl_Position = vec4((u_matrix * vec3(point + normal * width * a_side, 1)).xy, 0, 1);
  #ifdef PICKING_MODE
  v_color = a_id;
  #else
  v_color = a_color;
  #endif
  v_color.a *= bias;
}
`;

const FRAGMENT_SHADER = /* glsl */ `
precision mediump float;
varying vec4 v_color;
void main(void) {
  gl_FragColor = v_color;
}
`;

const { UNSIGNED_BYTE, FLOAT } = WebGLRenderingContext;
const UNIFORMS = ['u_matrix', 'u_sizeRatio', 'u_correctionRatio', 'u_minEdgeThickness', 'u_curvature', 'u_headRoom'] as const;
type TUniform = (typeof UNIFORMS)[number];

/** Two triangles per segment: (t0,+) (t0,−) (t1,+) and (t1,+) (t0,−) (t1,−). */
const CURVE_VERTICES: number[][] = Array.from({ length: SEGMENTS }, (_, k) => {
  const t0 = k / SEGMENTS;
  const t1 = (k + 1) / SEGMENTS;
  return [[t0, 1], [t0, -1], [t1, 1], [t1, 1], [t0, -1], [t1, -1]];
}).flat();

/**
 * Curved edges without the @sigma/edge-curve package: a Bézier tessellated in the vertex shader;
 * with `headRoom`, the body stops short of the target to leave the arrowhead its place.
 */
function createEdgeCurveBodyProgram<N extends Attributes, E extends Attributes, G extends Attributes>(headRoom: boolean) {
  return class EdgeCurveProgram extends EdgeProgram<TUniform, N, E, G> {
    getDefinition() {
      return {
        VERTICES: CURVE_VERTICES.length,
        VERTEX_SHADER_SOURCE: VERTEX_SHADER,
        FRAGMENT_SHADER_SOURCE: FRAGMENT_SHADER,
        METHOD: WebGLRenderingContext.TRIANGLES,
        UNIFORMS,
        ATTRIBUTES: [
          { name: 'a_source', size: 2, type: FLOAT },
          { name: 'a_target', size: 2, type: FLOAT },
          { name: 'a_thickness', size: 1, type: FLOAT },
          { name: 'a_targetSize', size: 1, type: FLOAT },
          { name: 'a_color', size: 4, type: UNSIGNED_BYTE, normalized: true },
          { name: 'a_id', size: 4, type: UNSIGNED_BYTE, normalized: true },
        ],
        CONSTANT_ATTRIBUTES: [
          { name: 'a_t', size: 1, type: FLOAT },
          { name: 'a_side', size: 1, type: FLOAT },
        ],
        CONSTANT_DATA: CURVE_VERTICES,
      };
    }

    processVisibleItem(edgeIndex: number, startIndex: number, sourceData: NodeDisplayData, targetData: NodeDisplayData, data: EdgeDisplayData): void {
      const array = this.array;
      let i = startIndex;
      array[i++] = sourceData.x;
      array[i++] = sourceData.y;
      array[i++] = targetData.x;
      array[i++] = targetData.y;
      array[i++] = data.size || 1;
      array[i++] = targetData.size || 1;
      array[i++] = floatColor(data.color);
      array[i++] = edgeIndex;
    }

    setUniforms(params: RenderParams, { gl, uniformLocations }: ProgramInfo<TUniform>): void {
      gl.uniformMatrix3fv(uniformLocations.u_matrix, false, params.matrix);
      gl.uniform1f(uniformLocations.u_sizeRatio, params.sizeRatio);
      gl.uniform1f(uniformLocations.u_correctionRatio, params.correctionRatio);
      gl.uniform1f(uniformLocations.u_minEdgeThickness, params.minEdgeThickness);
      gl.uniform1f(uniformLocations.u_curvature, EDGE_CURVATURE);
      gl.uniform1f(uniformLocations.u_headRoom, headRoom ? 1 : 0);
    }
  };
}

/** Curved edges without arrowheads. */
export function createEdgeCurveProgram<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes>() {
  return createEdgeCurveBodyProgram<N, E, G>(false);
}

/**
 * A curved edge with an arrowhead at the target, aimed along the curve's last tangent (from the
 * control point to the target). The heads are written out as triangles, not instanced: on a
 * software WebGL sigma's instanced head program doubled the cost of drawing curved arrows.
 */
export function createEdgeCurvedArrowProgram<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes>() {
  return createEdgeCompoundProgram<N, E, G>([createEdgeCurveBodyProgram<N, E, G>(true), createEdgeCurvedHeadProgram<N, E, G>()]);
}
