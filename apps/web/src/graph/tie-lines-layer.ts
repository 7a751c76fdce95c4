import type Sigma from 'sigma';
import type { Attributes } from 'graphology-types';

/**
 * Ties drawn as one-pixel lines in one WebGL buffer and one draw call, on a layer of sigma's own
 * (so that sigma sizes it and the camera preview moves it with the other layers).
 *
 * Why not sigma's edges: handing sigma 250,000 ties meant 250,000 graphology edges (an object,
 * a key and adjacency entries each) and sigma's per-edge processing into its buffers, 6-7 s of
 * the page's main thread on a software WebGL before anything was drawn (docs/graph.md, "Graph at
 * scale"). Here the answer's typed columns go straight into one Float32Array of line ends (graph
 * coordinates; the camera is a uniform), uploaded once; a render only sets the matrix and draws.
 * Ties between two people are all one thickness in the overview, which lines draw as they are.
 */

const VERTEX_SHADER = /* glsl */ `
attribute vec2 a_position;
uniform mat3 u_matrix;
void main() {
  gl_Position = vec4((u_matrix * vec3(a_position, 1.0)).xy, 0.0, 1.0);
}
`;

const FRAGMENT_SHADER = /* glsl */ `
precision mediump float;
uniform vec4 u_color;
void main() {
  gl_FragColor = u_color;
}
`;

/** A colour '#rrggbb' with an opacity as premultiplied RGBA (sigma's blending: ONE, ONE_MINUS_SRC_ALPHA). */
export function premultipliedColor(hex: string, opacity: number): [number, number, number, number] {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  const channel = (shift: number) => (((value >> shift) & 0xff) / 255) * opacity;
  return [channel(16), channel(8), channel(0), opacity];
}

/**
 * The line ends of the chosen ties: for tie t (those with `keep(t)`), the positions of its source
 * and its target, as x, y, x, y. One pass over the columns, no object per tie.
 */
export function lineEnds(x: Float32Array, y: Float32Array, source: Uint32Array, target: Uint32Array, keep: (tie: number) => boolean): Float32Array {
  let count = 0;
  for (let t = 0; t < source.length; t++) if (keep(t)) count++;
  const ends = new Float32Array(count * 4);
  let at = 0;
  for (let t = 0; t < source.length; t++) {
    if (!keep(t)) continue;
    const s = source[t]!;
    const d = target[t]!;
    ends[at++] = x[s]!;
    ends[at++] = y[s]!;
    ends[at++] = x[d]!;
    ends[at++] = y[d]!;
  }
  return ends;
}

/**
 * The column-major 3×3 matrix from graph coordinates to clip space, read off where sigma draws
 * three graph points (sigma's graph-to-viewport mapping is affine: a normalisation, the camera's
 * similarity, the viewport's flip), so the lines lie exactly under sigma's nodes.
 */
export function graphToClipMatrix(graphToViewport: (point: { x: number; y: number }) => { x: number; y: number }, width: number, height: number): Float32Array {
  const origin = graphToViewport({ x: 0, y: 0 });
  const alongX = graphToViewport({ x: 1, y: 0 });
  const alongY = graphToViewport({ x: 0, y: 1 });
  const sx = 2 / width;
  const sy = -2 / height;
  // prettier-ignore
  return new Float32Array([
    (alongX.x - origin.x) * sx, (alongX.y - origin.y) * sy, 0,
    (alongY.x - origin.x) * sx, (alongY.y - origin.y) * sy, 0,
    origin.x * sx - 1, origin.y * sy + 1, 1,
  ]);
}

export class TieLinesLayer<N extends Attributes, E extends Attributes> {
  private readonly gl: WebGLRenderingContext;
  private readonly program: WebGLProgram;
  private readonly buffer: WebGLBuffer;
  private readonly matrixLocation: WebGLUniformLocation | null;
  private readonly colorLocation: WebGLUniformLocation | null;
  private readonly positionLocation: number;
  private lines = 0;
  private color: [number, number, number, number] = [0, 0, 0, 1];

  constructor(
    private readonly sigma: Sigma<N, E>,
    layer: string,
  ) {
    const canvas = sigma.createCanvas(layer, { afterLayer: 'edges' });
    this.gl = sigma.createWebGLContext(layer, { canvas });
    // Sigma sizes its layers (canvas size, WebGL viewport) in resize(), which ran before this one
    // existed: without it the layer stays a 300×150 canvas.
    sigma.resize(true);
    const gl = this.gl;
    const shader = (type: number, source: string) => {
      const compiled = gl.createShader(type);
      if (!compiled) throw new Error('WebGL: cannot create a shader');
      gl.shaderSource(compiled, source);
      gl.compileShader(compiled);
      if (!gl.getShaderParameter(compiled, gl.COMPILE_STATUS)) throw new Error(`WebGL: ${gl.getShaderInfoLog(compiled) ?? 'shader'}`);
      return compiled;
    };
    const program = gl.createProgram();
    const buffer = gl.createBuffer();
    if (!program || !buffer) throw new Error('WebGL: cannot create the tie program');
    gl.attachShader(program, shader(gl.VERTEX_SHADER, VERTEX_SHADER));
    gl.attachShader(program, shader(gl.FRAGMENT_SHADER, FRAGMENT_SHADER));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`WebGL: ${gl.getProgramInfoLog(program) ?? 'link'}`);
    this.program = program;
    this.buffer = buffer;
    this.matrixLocation = gl.getUniformLocation(program, 'u_matrix');
    this.colorLocation = gl.getUniformLocation(program, 'u_color');
    this.positionLocation = gl.getAttribLocation(program, 'a_position');
  }

  /** How many ties the layer draws. */
  count(): number {
    return this.lines;
  }

  /** Uploads new line ends (lineEnds) in the given colour; drawn by the next draw(). */
  setLines(ends: Float32Array, color: [number, number, number, number]): void {
    const gl = this.gl;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.bufferData(gl.ARRAY_BUFFER, ends, gl.STATIC_DRAW);
    this.lines = ends.length / 4;
    this.color = color;
  }

  /** Leaves the layer empty until the next draw(). */
  clear(): void {
    this.gl.clearColor(0, 0, 0, 0);
    this.gl.clear(this.gl.COLOR_BUFFER_BIT);
  }

  /** Draws the lines under sigma's current camera (called after each of sigma's renders). */
  draw(): void {
    this.clear();
    if (this.lines === 0) return;
    const gl = this.gl;
    const { width, height } = this.sigma.getDimensions();
    gl.useProgram(this.program);
    gl.enable(gl.BLEND);
    gl.uniformMatrix3fv(this.matrixLocation, false, graphToClipMatrix((point) => this.sigma.graphToViewport(point), Math.max(1, width), Math.max(1, height)));
    gl.uniform4fv(this.colorLocation, this.color);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.enableVertexAttribArray(this.positionLocation);
    gl.vertexAttribPointer(this.positionLocation, 2, gl.FLOAT, false, 0, 0);
    gl.drawArrays(gl.LINES, 0, this.lines * 2);
  }

  /** Frees the GPU resources (sigma's kill() removes the layer's canvas and context). */
  kill(): void {
    this.gl.deleteBuffer(this.buffer);
    this.gl.deleteProgram(this.program);
    this.lines = 0;
  }
}
