// The draw of a vertex or fragment case (capability "draw", docs/oracle.md "Draws"): the
// render pipeline of the case's entry point with the stage Plumb generated for the other side,
// one draw, every output read back. Shared by the three runners through runner_core.js.
//
// A fragment case:
//   {"id", "wgsl", "mode": "draw", "entry", "stage": "fragment", "constants"?, "bindings": [...],
//    "draw": {"size": [w, h],                               the render target, in pixels
//             "vertex": {"wgsl", "entry"},                  Plumb's generated vertex stage
//             "vertexCount": 6, "frontFace": "ccw" | "cw",  no vertex buffers
//             "targets": [{"format", "components"} | null], by @location
//             "depthStencil": {"format": "stencil8" | "depth32float-stencil8", "depth": bool}}}
// A vertex case:
//   {..., "stage": "vertex", "draw": {"vertexCount", "instanceCount",
//     "vertexBuffers": [{"arrayStride", "stepMode", "attributes": [...], "words": [u32...]}],
//     "writeOut": {"wgsl", "entry", "dispatch": [x, 1, 1], "bindings": [...]}}}
//   The render pipeline of the entry point is created (its verdict) and drawn as points into a
//   1x1 target; the outputs are read back from the write-out: a compute shader Plumb made
//   from the entry point's function (WebGPU's vertex stage cannot write a storage buffer).
// The answer adds "draw": {"size", "targets": [{"location", "components", "words"}],
//   "stencil"?: [u8...], "depth"?: [u32...]}; the write-out's buffers are "buffers".

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

const bytesPerTexel = (format) => {
  if (format === 'stencil8') return 1;
  const m = /^(r|rg|rgba)32(float|sint|uint)$/.exec(format);
  if (m) return 4 * m[1].length;
  if (format === 'depth32float' || format === 'depth32float-stencil8') return 4;
  return 0;
};

export function validateDraw(c) {
  const d = c.draw;
  if (!d || typeof d !== 'object') return 'a draw case needs "draw"';
  if (c.stage === 'fragment') {
    if (!Array.isArray(d.size) || d.size.length !== 2 || !(d.size[0] > 0) || !(d.size[1] > 0))
      return '"draw.size" must be [width, height]';
    if (!d.vertex || typeof d.vertex.wgsl !== 'string') return '"draw.vertex" must give the vertex stage\'s "wgsl"';
    if (!Array.isArray(d.targets)) return '"draw.targets" must be an array';
    for (const t of d.targets) {
      if (t !== null && !bytesPerTexel(t.format)) return `unsupported target format "${t && t.format}"`;
    }
    return null;
  }
  if (c.stage === 'vertex') {
    if (!d.writeOut || typeof d.writeOut.wgsl !== 'string') return '"draw.writeOut" must give the write-out\'s "wgsl"';
    if (!Array.isArray(d.vertexBuffers)) return '"draw.vertexBuffers" must be an array';
    return null;
  }
  return '"stage" must be "vertex" or "fragment"';
}

/// Copies a texture's aspect into a buffer whose rows are padded to 256 bytes (WebGPU's
/// bytesPerRow alignment); `unpack` later drops the padding.
function copyOut(device, encoder, texture, aspect, format, size, owned) {
  const bpt = format === 'depth32float-stencil8' ? (aspect === 'stencil-only' ? 1 : 4) : bytesPerTexel(format);
  const bytesPerRow = Math.ceil((size[0] * bpt) / 256) * 256;
  const buffer = device.createBuffer({size: bytesPerRow * size[1], usage: 0x1 /* MAP_READ */ | 0x8 /* COPY_DST */});
  owned.push(buffer);
  encoder.copyTextureToBuffer({texture, aspect}, {buffer, bytesPerRow, rowsPerImage: size[1]},
                              [size[0], size[1], 1]);
  return {buffer, bytesPerRow, bpt};
}

async function unpack(out, size) {
  await out.buffer.mapAsync(0x1 /* GPUMapMode.READ */);
  const bytes = new Uint8Array(out.buffer.getMappedRange().slice(0));
  out.buffer.unmap();
  const rows = [];
  for (let y = 0; y < size[1]; ++y) rows.push(bytes.subarray(y * out.bytesPerRow, y * out.bytesPerRow + size[0] * out.bpt));
  return rows;
}

/// The render pipeline of the case (its verdict), in the pipeline error scopes; null when it
/// failed (result.status is then pipeline-error).
async function renderPipeline(state, descriptor, result, h) {
  const device = state.device;
  h.pushScopes(device);
  let pipeline = null;
  try {
    pipeline = state.asyncPipelines ? await device.createRenderPipelineAsync(descriptor)
                                    : device.createRenderPipeline(descriptor);
    result.pipeline = {ok: true};
  } catch (e) {
    result.pipeline = {ok: false, error: h.errorText(e), reason: e && e.reason};
  }
  await h.popScopes(device, 'pipeline', result.validation);
  if (!pipeline || result.validation.some((v) => v.stage === 'pipeline')) {
    if (result.pipeline.ok) result.pipeline = {ok: false, error: 'pipeline creation raised a validation error'};
    result.status = 'pipeline-error';
    return null;
  }
  return pipeline;
}

/// A shader module Plumb generated (the partner stage, the write-out); a compilation error
/// there is Plumb's mistake, not the backend's: bad-case.
async function generatedModule(state, code, what, result, h) {
  const device = state.device;
  const errors = [];
  h.pushScopes(device);
  const module = device.createShaderModule({code});
  let info = null;
  try { info = await module.getCompilationInfo(); } catch (_) { /* the scopes tell */ }
  await h.popScopes(device, 'generated', errors);
  const messages = ((info && info.messages) || []).filter((m) => m.type === 'error');
  if (messages.length || errors.length) {
    result.status = 'bad-case';
    result.error = `the ${what} Plumb generated does not compile: ` +
        (messages.length ? `${messages[0].lineNum}:${messages[0].linePos}: ${messages[0].message}` : errors[0].message);
    return null;
  }
  return module;
}

async function drawFragment(state, c, module, result, h) {
  const device = state.device;
  const d = c.draw;
  const size = d.size;
  const vertexModule = await generatedModule(state, d.vertex.wgsl, 'vertex stage', result, h);
  if (!vertexModule) return;
  const {bgls, maxGroup, makeBindGroups} = h.bindingResources(device, c.bindings || [], 0x2 /* FRAGMENT */);
  const layout = h.pipelineLayout(device, bgls, c);
  const ds = d.depthStencil;
  let dsFormat = ds.format;
  // Without the optional feature, the depth alone: the coverage (the stencil) is not reported.
  if (dsFormat === 'depth32float-stencil8' && !(device.features && device.features.has('depth32float-stencil8')))
    dsFormat = 'depth32float';
  const hasStencil = dsFormat !== 'depth32float';
  const hasDepth = dsFormat !== 'stencil8';
  const stencilFace = {compare: 'always', passOp: 'replace', failOp: 'keep', depthFailOp: 'keep'};
  const depthStencil = {format: dsFormat};
  if (hasDepth) {
    depthStencil.depthWriteEnabled = true;
    depthStencil.depthCompare = 'always';
  }
  if (hasStencil) {
    depthStencil.stencilFront = stencilFace;
    depthStencil.stencilBack = stencilFace;
  }
  const descriptor = {
    layout,
    vertex: {module: vertexModule, entryPoint: d.vertex.entry || 'main', buffers: []},
    fragment: h.withConstants({module, entryPoint: c.entry,
                               targets: d.targets.map((t) => (t ? {format: t.format} : null))}, c),
    primitive: {topology: 'triangle-list', frontFace: d.frontFace || 'ccw', cullMode: 'none'},
    depthStencil,
  };
  const t1 = now();
  const pipeline = await renderPipeline(state, descriptor, result, h);
  result.timing.pipelineMs = +(now() - t1).toFixed(3);
  if (!pipeline) return;

  const t2 = now();
  h.pushScopes(device);
  const {bindGroups, readbacks} = makeBindGroups(h.buffers);
  const usage = 0x10 /* RENDER_ATTACHMENT */ | 0x1 /* COPY_SRC */;
  const colors = d.targets.map((t) => {
    if (!t) return null;
    const texture = device.createTexture({size: [size[0], size[1], 1], format: t.format, usage});
    h.buffers.push(texture);
    return {t, texture};
  });
  const dsTexture = device.createTexture({size: [size[0], size[1], 1], format: dsFormat, usage});
  h.buffers.push(dsTexture);
  const dsAttachment = {view: dsTexture.createView()};
  if (hasDepth) Object.assign(dsAttachment, {depthClearValue: 0, depthLoadOp: 'clear', depthStoreOp: 'store'});
  if (hasStencil) Object.assign(dsAttachment, {stencilClearValue: 0, stencilLoadOp: 'clear', stencilStoreOp: 'store'});
  const encoder = device.createCommandEncoder();
  const pass = encoder.beginRenderPass({
    colorAttachments: colors.map((a) => (a ? {view: a.texture.createView(), clearValue: [0, 0, 0, 0],
                                             loadOp: 'clear', storeOp: 'store'} : null)),
    depthStencilAttachment: dsAttachment,
  });
  pass.setPipeline(pipeline);
  for (let g = 0; g <= maxGroup; ++g) pass.setBindGroup(g, bindGroups[g]);
  // The immediate data (var<immediate>) of the fragment stage; the generated vertex stage reads
  // none.
  h.setImmediates(pass, c);
  // Every fragment that passes (is not discarded) writes 1 to the stencil: the coverage.
  if (hasStencil) pass.setStencilReference(1);
  pass.draw(d.vertexCount || 6);
  pass.end();
  const outs = colors.map((a) => (a ? copyOut(device, encoder, a.texture, 'all', a.t.format, size, h.buffers) : null));
  const stencilOut = hasStencil ? copyOut(device, encoder, dsTexture, 'stencil-only', dsFormat, size, h.buffers) : null;
  const depthOut = hasDepth && ds.depth ? copyOut(device, encoder, dsTexture, 'depth-only', dsFormat, size, h.buffers) : null;
  for (const r of readbacks) encoder.copyBufferToBuffer(r.buffer, 0, r.rb, 0, r.b.size);
  device.queue.submit([encoder.finish()]);
  const drawn = {size, targets: []};
  for (let location = 0; location < outs.length; ++location) {
    const out = outs[location];
    if (!out) continue;
    const n = d.targets[location].components;
    const rows = await unpack(out, size);
    const words = [];
    for (const row of rows) {
      const w = new Uint32Array(row.buffer, row.byteOffset, row.length / 4);
      for (let x = 0; x < size[0]; ++x) for (let k = 0; k < n; ++k) words.push(w[x * (out.bpt / 4) + k]);
    }
    drawn.targets.push({location, components: n, words});
  }
  if (stencilOut) drawn.stencil = (await unpack(stencilOut, size)).flatMap((row) => Array.from(row));
  if (depthOut) {
    drawn.depth = (await unpack(depthOut, size)).flatMap((row) => Array.from(new Uint32Array(row.buffer, row.byteOffset, row.length / 4)));
  }
  await h.readBack(readbacks, result);
  await h.popScopes(device, 'draw', result.validation);
  result.draw = drawn;
  result.timing.drawMs = +(now() - t2).toFixed(3);
  if (result.validation.some((v) => v.stage === 'draw')) result.status = 'runtime-error';
}

async function drawVertex(state, c, module, result, h) {
  const device = state.device;
  const d = c.draw;
  // 1. The render pipeline of the entry point, as an application makes it: its verdict.
  const {bgls} = h.bindingResources(device, (c.bindings || []).filter((b) => b.kind !== 'storage'), 0x1 /* VERTEX */);
  const descriptor = {
    layout: h.pipelineLayout(device, bgls, c),
    vertex: h.withConstants({module, entryPoint: c.entry,
                             buffers: d.vertexBuffers.map((b) => ({arrayStride: b.arrayStride, stepMode: b.stepMode,
                                                                     attributes: b.attributes}))}, c),
    primitive: {topology: 'point-list'},
    depthStencil: {format: 'depth32float', depthWriteEnabled: false, depthCompare: 'always'},
  };
  const t1 = now();
  const pipeline = await renderPipeline(state, descriptor, result, h);
  if (!pipeline) {
    result.timing.pipelineMs = +(now() - t1).toFixed(3);
    return;
  }
  // 2. The draw itself (points into a 1x1 depth target): what the backend does with the
  // vertex buffers; its validation errors are the case's.
  h.pushScopes(device);
  const {bindGroups} = h.bindingResources(device, (c.bindings || []).filter((b) => b.kind !== 'storage'), 0x1).makeBindGroups(h.buffers);
  const depth = device.createTexture({size: [1, 1, 1], format: 'depth32float', usage: 0x10});
  h.buffers.push(depth);
  let encoder = device.createCommandEncoder();
  const pass = encoder.beginRenderPass({colorAttachments: [], depthStencilAttachment: {
    view: depth.createView(), depthClearValue: 0, depthLoadOp: 'clear', depthStoreOp: 'store'}});
  pass.setPipeline(pipeline);
  bindGroups.forEach((g, i) => pass.setBindGroup(i, g));
  h.setImmediates(pass, c);
  d.vertexBuffers.forEach((b, slot) => {
    const size = Math.max(4, 4 * b.words.length);
    const buffer = device.createBuffer({size, usage: 0x20 /* VERTEX */, mappedAtCreation: true});
    h.buffers.push(buffer);
    new Uint32Array(buffer.getMappedRange()).set(b.words);
    buffer.unmap();
    pass.setVertexBuffer(slot, buffer);
  });
  pass.draw(d.vertexCount, d.instanceCount || 1);
  pass.end();
  device.queue.submit([encoder.finish()]);
  await h.popScopes(device, 'draw', result.validation);
  // 3. The write-out: the entry point's function run per vertex by a compute shader.
  const w = d.writeOut;
  const writeModule = await generatedModule(state, w.wgsl, 'vertex write-out', result, h);
  if (!writeModule) return;
  h.pushScopes(device);
  const wr = h.bindingResources(device, (c.bindings || []).concat(w.bindings), 0x4 /* COMPUTE */);
  const compute = device.createComputePipeline({
    layout: h.pipelineLayout(device, wr.bgls, c),
    compute: h.withConstants({module: writeModule, entryPoint: w.entry}, c)});
  const {bindGroups: wGroups, readbacks} = wr.makeBindGroups(h.buffers);
  encoder = device.createCommandEncoder();
  const cpass = encoder.beginComputePass();
  cpass.setPipeline(compute);
  wGroups.forEach((g, i) => cpass.setBindGroup(i, g));
  // The write-out runs the entry point's function, which reads the same immediate data.
  h.setImmediates(cpass, c);
  cpass.dispatchWorkgroups(w.dispatch[0], w.dispatch[1], w.dispatch[2]);
  cpass.end();
  for (const r of readbacks) encoder.copyBufferToBuffer(r.buffer, 0, r.rb, 0, r.b.size);
  device.queue.submit([encoder.finish()]);
  await h.readBack(readbacks, result);
  await h.popScopes(device, 'draw', result.validation);
  result.timing.pipelineMs = +(now() - t1).toFixed(3);
  if (result.validation.some((v) => v.stage === 'draw')) result.status = 'runtime-error';
}

/// Runs a draw case after its shader module compiled: sets result.status (executed,
/// pipeline-error, runtime-error, bad-case) and result.draw / result.buffers.
export async function runDraw(state, c, module, result, h) {
  if (c.stage === 'fragment') await drawFragment(state, c, module, result, h);
  else await drawVertex(state, c, module, result, h);
}
