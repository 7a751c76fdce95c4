import type { Attributes } from 'graphology-types';
import { createEdgeCompoundProgram, EdgeProgram, type ProgramInfo } from 'sigma/rendering';
import type { EdgeDisplayData, NodeDisplayData, RenderParams } from 'sigma/types';
import { floatColor } from 'sigma/utils';
import { EDGE_CURVATURE } from './edge-curve-geometry.ts';
import { edgeCorners, LENGTH_TO_THICKNESS, packCorner, type TArrowHeads } from './edge-straight-corners.ts';

/**
 * Straight edges with no, one (at the target) or two arrowheads, and the arrowheads of curved
 * edges, written out vertex by vertex as plain triangles: the bodies by one program, the heads by
 * another, drawn after all bodies as sigma draws them.
 *
 * sigma's own straight and arrow programs are instanced (a few constant vertices repeated per
 * edge), and its arrow is two programs (body and head), its double arrow three. On a software
 * WebGL (SwiftShader, a machine without a GPU) every instance costs far more than its vertices:
 * 56,000 arrow edges took about 1.6 s to draw, the same edges written out as triangles a fraction
 * of that (docs/graph.md, Benchmark). With a GPU both are instant; the look is sigma's: same
 * thickness, node clearance, head length (2.5 × 2 thicknesses) and width (2 thicknesses each
 * side), same antialiased body.
 */

const VERTEX_SHADER = /* glsl */ `
attribute vec4 a_id;
attribute vec4 a_color;
attribute vec2 a_position;
attribute vec2 a_direction;
attribute float a_radius;
attribute float a_thickness;
attribute vec4 a_corner;

uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_zoomRatio;
uniform float u_pixelRatio;
uniform float u_correctionRatio;
uniform float u_minEdgeThickness;
uniform float u_feather;

varying vec4 v_color;
varying float v_side;
varying float v_thickness;
varying float v_feather;

const float bias = 255.0 / 254.0;

void main() {
  // Pixels to the normalised space the matrix takes, as sigma's edge programs do.
  float unit = u_correctionRatio / u_sizeRatio;
  float thickness = max(a_thickness, u_minEdgeThickness * u_sizeRatio) * unit;
  float radius = a_radius * 2.0 * unit;
  float headLength = thickness * ${LENGTH_TO_THICKNESS.toFixed(1)} * 2.0;
  float side = a_corner.z * 255.0 / 60.0 - 2.0;
  float inward = a_corner.w > 0.0 ? -1.0 : 1.0;
  vec2 normal = vec2(-a_direction.y, a_direction.x);
  vec2 position = a_position + a_direction * inward * (a_corner.x * radius + a_corner.y * headLength) + normal * side * thickness;
  gl_Position = vec4((u_matrix * vec3(position, 1)).xy, 0, 1);

  // The body fades out over its last pixel on each side; heads are drawn solid, as sigma draws them.
  v_side = abs(abs(side) - 1.0) < 0.5 ? side : 0.0;
  v_thickness = thickness / u_zoomRatio;
  v_feather = u_feather * u_correctionRatio / u_zoomRatio / u_pixelRatio * 2.0;

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
varying float v_side;
varying float v_thickness;
varying float v_feather;

void main(void) {
  #ifdef PICKING_MODE
  gl_FragColor = v_color;
  #else
  float dist = abs(v_side) * v_thickness;
  float t = smoothstep(v_thickness - v_feather, v_thickness, dist);
  gl_FragColor = mix(v_color, vec4(0.0, 0.0, 0.0, 0.0), t);
  #endif
}
`;

const { UNSIGNED_BYTE, FLOAT } = WebGLRenderingContext;
const UNIFORMS = ['u_matrix', 'u_sizeRatio', 'u_zoomRatio', 'u_pixelRatio', 'u_correctionRatio', 'u_minEdgeThickness', 'u_feather'] as const;
type TUniform = (typeof UNIFORMS)[number];

/**
 * Which vertices of an edge a program draws: its body, or its heads. Heads are
 * their own program so that they are drawn over every body, as sigma draws them: drawn with their
 * edge, a head near a busy node would be covered by the bodies of the edges drawn after it.
 */
type TPart = 'body' | 'heads';
/**
 * Along what the heads point: the chord (straight edges), or a curved edge's last tangent, from
 * its control point to the target (edge-curve-program.ts).
 */
type TAim = 'chord' | 'curve';

function createEdgeStraightPartProgram<N extends Attributes, E extends Attributes, G extends Attributes>(heads: TArrowHeads, part: TPart, aim: TAim) {
  const all = edgeCorners(heads);
  const shape = part === 'body' ? all.slice(0, 6) : all.slice(6);
  const packed = shape.map(packCorner);
  const atTarget = shape.map((corner) => corner.end === 'target');

  return class EdgeStraightProgram extends EdgeProgram<TUniform, N, E, G> {
    getDefinition() {
      return {
        VERTICES: shape.length,
        VERTEX_SHADER_SOURCE: VERTEX_SHADER,
        FRAGMENT_SHADER_SOURCE: FRAGMENT_SHADER,
        METHOD: WebGLRenderingContext.TRIANGLES,
        UNIFORMS,
        ATTRIBUTES: [
          { name: 'a_position', size: 2, type: FLOAT },
          { name: 'a_direction', size: 2, type: FLOAT },
          { name: 'a_radius', size: 1, type: FLOAT },
          { name: 'a_thickness', size: 1, type: FLOAT },
          { name: 'a_corner', size: 4, type: UNSIGNED_BYTE, normalized: true },
          { name: 'a_color', size: 4, type: UNSIGNED_BYTE, normalized: true },
          { name: 'a_id', size: 4, type: UNSIGNED_BYTE, normalized: true },
        ],
      };
    }

    processVisibleItem(edgeIndex: number, startIndex: number, sourceData: NodeDisplayData, targetData: NodeDisplayData, data: EdgeDisplayData): void {
      let dx = targetData.x - sourceData.x;
      let dy = targetData.y - sourceData.y;
      if (aim === 'curve') {
        // From the control point of edge-curve-program.ts's Bézier to the target.
        const controlX = (sourceData.x + targetData.x) / 2 - EDGE_CURVATURE * dy;
        const controlY = (sourceData.y + targetData.y) / 2 + EDGE_CURVATURE * dx;
        dx = targetData.x - controlX;
        dy = targetData.y - controlY;
      }
      const length = Math.hypot(dx, dy);
      const ux = length > 0 ? dx / length : 0;
      const uy = length > 0 ? dy / length : 0;
      const thickness = data.size || 1;
      const color = floatColor(data.color);
      const array = this.array;
      let i = startIndex;
      for (let k = 0; k < packed.length; k++) {
        const node = atTarget[k] ? targetData : sourceData;
        array[i++] = node.x;
        array[i++] = node.y;
        array[i++] = ux;
        array[i++] = uy;
        array[i++] = node.size || 1;
        array[i++] = thickness;
        array[i++] = packed[k]!;
        array[i++] = color;
        array[i++] = edgeIndex;
      }
    }

    setUniforms(params: RenderParams, { gl, uniformLocations }: ProgramInfo<TUniform>): void {
      gl.uniformMatrix3fv(uniformLocations.u_matrix, false, params.matrix);
      gl.uniform1f(uniformLocations.u_sizeRatio, params.sizeRatio);
      gl.uniform1f(uniformLocations.u_zoomRatio, params.zoomRatio);
      gl.uniform1f(uniformLocations.u_pixelRatio, params.pixelRatio);
      gl.uniform1f(uniformLocations.u_correctionRatio, params.correctionRatio);
      gl.uniform1f(uniformLocations.u_minEdgeThickness, params.minEdgeThickness);
      gl.uniform1f(uniformLocations.u_feather, params.antiAliasingFeather);
    }
  };
}

/** A sigma edge program for straight edges with the given number of arrowheads. */
export function createEdgeStraightProgram<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes>(heads: TArrowHeads) {
  const body = createEdgeStraightPartProgram<N, E, G>(heads, 'body', 'chord');
  return heads === 0 ? body : createEdgeCompoundProgram<N, E, G>([body, createEdgeStraightPartProgram<N, E, G>(heads, 'heads', 'chord')]);
}

/** The arrowhead of a curved edge, at its target, aimed along the curve's last tangent. */
export function createEdgeCurvedHeadProgram<N extends Attributes = Attributes, E extends Attributes = Attributes, G extends Attributes = Attributes>() {
  return createEdgeStraightPartProgram<N, E, G>(1, 'heads', 'curve');
}
