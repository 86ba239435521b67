// The part of every oracle runner that talks WebGPU: one case in, one result out
// (protocol `plumb-oracle-runner` v1, docs/oracle.md). No Node, Deno or DOM specifics here:
// the same file runs in Node (Dawn), in Deno (wgpu) and in a Chromium page.
//
// A case that runs:  {"id", "wgsl", "entry", "dispatch": [x,y,z], "constants"?: {key: number},
//            "bindings": [{"group","binding","kind": "uniform"|"storage"|"read-only-storage",
//                          "size": BYTES, "words": [u32...]}
//                         | {"group","binding","texture": {"format","dimension","viewDimension",
//                            "sampleType","size": [w,h,d],"mipLevelCount","bytesPerTexel",
//                            "levels": [{"size": [w,h,d], "bytes": [u8...]}]}}
//                         | {"group","binding","sampler": GPUSamplerDescriptor, "samplerType"}]}
//            (textures and samplers: capability "textures")
// A verdict-only case: {"id", "wgsl", "mode": "module"}  (or no "entry": the module only), or
//            {"id", "wgsl", "mode": "pipelines", "constants"?, "pipelines": [{"entry", "stage":
//             "compute"|"vertex"|"fragment", "vertexBuffers"?, "targets"?, "depthStencil"?,
//             "partner"?: {"wgsl", "entry"}}]}  (one pipeline per entry point, layout "auto")
// A result: {"id", "status", "compilation": [...], "validation": [...], "pipeline": {...},
//            "pipelines"?: [{"entry","stage","ok","error"?}],
//            "buffers": [{"group","binding","words"}], "timing": {...}}
// status: "executed" | "module-ok" | "pipeline-ok" | "shader-error" | "pipeline-error" |
//         "runtime-error" | "device-lost" | "bad-case"

import {runDraw, validateDraw} from './runner_draw.js';

export const PROTOCOL = 'plumb-oracle-runner';
export const PROTOCOL_VERSION = 1;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

function adapterInfoOf(adapter) {
  const info = adapter.info || {};
  const out = {};
  for (const k of ['vendor', 'architecture', 'device', 'description', 'backend', 'type',
                   'driver', 'subgroupMinSize', 'subgroupMaxSize']) {
    if (info[k] !== undefined && info[k] !== '') out[k] = info[k];
  }
  return out;
}

/// A pipeline layout of the bind group layouts and, for a case with immediate data, the range
/// an entry point may read (WebGPU's immediateSize; 0 by default, which a shader with a
/// var<immediate> exceeds).
function pipelineLayout(device, bgls, c) {
  const descriptor = {bindGroupLayouts: bgls};
  if (c.immediates !== undefined) descriptor.immediateSize = 4 * c.immediates.length;
  return device.createPipelineLayout(descriptor);
}

/// Gives a pass encoder (compute or render) the case's immediate data at offset 0.
function setImmediates(pass, c) {
  if (c.immediates !== undefined) pass.setImmediates(0, new Uint32Array(c.immediates));
}

/// Opens an adapter and a device. `state` keeps them for the cases; the device is recreated
/// when it is lost.
/// How many bytes of immediate data the device takes through GPUComputePassEncoder's
/// setImmediates (0: none; Dawn has it, other WebGPUs may not yet).
function immediatesOf(device) {
  try {
    const limit = (device.limits && device.limits.maxImmediateSize) || 0;
    const pass = device.createCommandEncoder().beginComputePass();
    const has = typeof pass.setImmediates === 'function';
    pass.end();
    return has ? limit : 0;
  } catch (_) {
    return 0;
  }
}

export async function openDevice(gpu, state) {
  // Chromium sometimes refuses the first requestDevice right after start ("A valid external
  // Instance reference no longer exists"); a fresh adapter a moment later works.
  let adapter = null, device = null, lastError = null;
  for (let attempt = 0; attempt < 4 && !device; ++attempt) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    try {
      adapter = await gpu.requestAdapter();
      if (!adapter) throw new Error('no WebGPU adapter (requestAdapter returned null)');
      // Every optional feature a shader can ask for that the adapter has: `enable f16;` needs
      // 'shader-f16' on the device, or a valid f16 program is rejected for the environment;
      // `enable subgroups;` needs 'subgroups' (revision 2026), and a bgra8unorm storage
      // texture 'bgra8unorm-storage'; a draw that writes frag_depth keeps its coverage in the
      // stencil of a 'depth32float-stencil8' attachment (runner_draw.js).
      const wanted = ['shader-f16', 'subgroups', 'bgra8unorm-storage', 'depth32float-stencil8'].filter(
          (f) => adapter.features && adapter.features.has(f));
      // A draw reads every fragment output from a 32-bit-per-channel target (runner_draw.js):
      // three rgba32float targets already pass WebGPU's default of 32 bytes per sample.
      const requiredLimits = {};
      const bytes = adapter.limits && adapter.limits.maxColorAttachmentBytesPerSample;
      if (bytes) requiredLimits.maxColorAttachmentBytesPerSample = bytes;
      // Immediate data (`var<immediate>`, WGSL's immediate_address_space): as much as the
      // adapter offers, when its WebGPU has it (the default limit is 0).
      const immediate = adapter.limits && adapter.limits.maxImmediateSize;
      if (immediate) requiredLimits.maxImmediateSize = immediate;
      device = await adapter.requestDevice({requiredFeatures: wanted, requiredLimits});
    } catch (e) {
      lastError = e;
    }
  }
  if (!device) throw lastError;
  state.adapter = adapter;
  state.device = device;
  state.immediates = immediatesOf(device);
  state.lost = null;
  state.adapterInfo = adapterInfoOf(adapter);
  device.lost.then((info) => {
    if (state.device === device) state.lost = `${info.reason || 'unknown'}: ${info.message || ''}`;
  });
  // Errors outside any scope (should not happen: every call is inside one) are kept too.
  state.uncaptured = [];
  if ('onuncapturederror' in device || device.addEventListener) {
    try {
      device.addEventListener('uncapturederror', (e) => {
        state.uncaptured.push(String(e.error && e.error.message || e.error || e));
      });
    } catch (_) { /* not an EventTarget in this implementation */ }
  }
  return state;
}

function errorText(e) {
  if (e === null || e === undefined) return null;
  return String(e.message !== undefined ? e.message : e);
}

/// Pushes the three error scopes; `pop` returns their errors, innermost first.
function pushScopes(device) {
  device.pushErrorScope('validation');
  device.pushErrorScope('internal');
  device.pushErrorScope('out-of-memory');
}
async function popScopes(device, stage, into) {
  // Pop all three at once and await them together: each answer may wait for the
  // implementation's next event poll, so awaiting one by one costs three polls.
  const filters = ['out-of-memory', 'internal', 'validation'];
  const pops = filters.map(() => device.popErrorScope().then((e) => ({e}), (err) => ({err})));
  const answers = await Promise.all(pops);
  answers.forEach((a, i) => {
    if (a.err) into.push({stage, filter: filters[i], message: 'popErrorScope failed: ' + errorText(a.err)});
    const m = errorText(a.e);
    if (m !== null) into.push({stage, filter: filters[i], message: m});
  });
}

function compilationMessages(info) {
  const out = [];
  for (const m of (info && info.messages) || []) {
    out.push({type: m.type, line: m.lineNum, column: m.linePos, offset: m.offset,
              length: m.length, message: m.message});
  }
  return out;
}

const kindLayout = {
  'uniform': {type: 'uniform'},
  'storage': {type: 'storage'},
  'read-only-storage': {type: 'read-only-storage'},
};

/// What the case asks for: "run" (a compute dispatch), "pipelines" or "module" (verdict only).
function caseMode(c) {
  if (typeof c.mode === 'string') return c.mode;
  if (Array.isArray(c.pipelines)) return 'pipelines';
  return typeof c.entry === 'string' ? 'run' : 'module';
}

const stages = {compute: 0x4, vertex: 0x1, fragment: 0x2};

function validateCase(c) {
  if (typeof c.wgsl !== 'string') return 'missing "wgsl"';
  if (c.constants !== undefined) {
    if (typeof c.constants !== 'object' || c.constants === null || Array.isArray(c.constants)) return '"constants" must be an object';
    for (const [k, v] of Object.entries(c.constants)) {
      if (typeof v !== 'number') return `constant "${k}" must be a number`;
    }
  }
  const mode = caseMode(c);
  if (mode === 'module') return null;
  if (mode === 'pipelines') {
    if (!Array.isArray(c.pipelines)) return '"pipelines" must be an array';
    for (const p of c.pipelines) {
      if (!p || typeof p.entry !== 'string') return 'a pipeline needs "entry"';
      if (!(p.stage in stages)) return `pipeline ${p.entry}: "stage" must be compute, vertex or fragment`;
      if (p.stage === 'fragment' && (!p.partner || typeof p.partner.wgsl !== 'string')) return `pipeline ${p.entry}: a fragment stage needs "partner"`;
    }
    return null;
  }
  if (mode !== 'run' && mode !== 'draw') return `unknown "mode" "${mode}"`;
  if (typeof c.entry !== 'string') return 'missing "entry"';
  if (mode === 'draw') {
    const bad = validateDraw(c);
    if (bad) return bad;
  } else if (!Array.isArray(c.dispatch) || c.dispatch.length !== 3) {
    return '"dispatch" must be [x, y, z]';
  } else if (c.immediates !== undefined &&
             (!Array.isArray(c.immediates) || c.immediates.some((w) => !Number.isInteger(w) || w < 0 || w > 0xffffffff))) {
    return '"immediates" must be an array of 32-bit words';
  }
  for (const b of c.bindings || []) {
    if (b.texture) {
      const t = b.texture;
      if (typeof t.format !== 'string' || !Array.isArray(t.size) || !Array.isArray(t.levels))
        return `binding ${b.group}/${b.binding}: a texture needs "format", "size" and "levels"`;
      continue;
    }
    if (b.sampler) {
      if (!['filtering', 'non-filtering', 'comparison'].includes(b.samplerType))
        return `binding ${b.group}/${b.binding}: unknown samplerType "${b.samplerType}"`;
      continue;
    }
    if (!kindLayout[b.kind]) return `binding ${b.group}/${b.binding}: unknown kind "${b.kind}"`;
    if (!(b.size > 0) || b.size % 4 !== 0) return `binding ${b.group}/${b.binding}: size must be a positive multiple of 4`;
    if ((b.words || []).length * 4 > b.size) return `binding ${b.group}/${b.binding}: more words than size`;
  }
  return null;
}

/// The programmable stage with the case's pipeline-overridable constants, if any.
function withConstants(stage, c) {
  if (c.constants && Object.keys(c.constants).length) stage.constants = c.constants;
  return stage;
}

/// The render or compute pipeline descriptor of one entry point of a verdict-only case: the
/// entry point's stage, and for a fragment stage the partner vertex stage Plumb generated.
function pipelineDescriptor(device, c, module, p, partnerModule) {
  if (p.stage === 'compute') {
    return {kind: 'compute', descriptor: {layout: 'auto', compute: withConstants({module, entryPoint: p.entry}, c)}};
  }
  const descriptor = {layout: 'auto', primitive: {topology: 'triangle-list'}};
  if (p.stage === 'vertex') {
    descriptor.vertex = withConstants({module, entryPoint: p.entry, buffers: p.vertexBuffers || []}, c);
  } else {
    descriptor.vertex = {module: partnerModule, entryPoint: p.partner.entry || 'main', buffers: []};
    descriptor.fragment = withConstants({module, entryPoint: p.entry, targets: p.targets || []}, c);
  }
  if (p.depthStencil) descriptor.depthStencil = p.depthStencil;
  return {kind: 'render', descriptor};
}

/// Verdict-only: one pipeline per entry point, each in its own error scopes; nothing is run.
/// A partner stage that does not compile is Plumb's mistake, not the backend's: bad-case.
async function createPipelines(state, c, module, result) {
  const device = state.device;
  result.pipelines = [];
  for (const p of c.pipelines) {
    let partnerModule = null;
    if (p.stage === 'fragment') {
      const partnerErrors = [];
      pushScopes(device);
      partnerModule = device.createShaderModule({code: p.partner.wgsl});
      let info = null;
      try { info = await partnerModule.getCompilationInfo(); } catch (_) { /* scopes tell */ }
      await popScopes(device, 'partner', partnerErrors);
      const messages = compilationMessages(info).filter((m) => m.type === 'error');
      if (messages.length || partnerErrors.length) {
        result.status = 'bad-case';
        result.error = `the vertex stage Plumb generated for fragment entry point ${p.entry} does not compile: ` +
          (messages.length ? messages[0].message : partnerErrors[0].message);
        return;
      }
    }
    const errors = [];
    const entry = {entry: p.entry, stage: p.stage, ok: true};
    pushScopes(device);
    try {
      const {kind, descriptor} = pipelineDescriptor(device, c, module, p, partnerModule);
      if (kind === 'compute') {
        if (state.asyncPipelines) await device.createComputePipelineAsync(descriptor);
        else device.createComputePipeline(descriptor);
      } else if (state.asyncPipelines) {
        await device.createRenderPipelineAsync(descriptor);
      } else {
        device.createRenderPipeline(descriptor);
      }
    } catch (e) {
      entry.ok = false;
      entry.error = errorText(e);
    }
    await popScopes(device, 'pipeline', errors);
    for (const e of errors) result.validation.push({...e, entry: p.entry});
    if (entry.ok && errors.length) {
      entry.ok = false;
      entry.error = errors[0].message;
    }
    result.pipelines.push(entry);
  }
  const failed = result.pipelines.find((p) => !p.ok);
  result.pipeline = failed ? {ok: false, entry: failed.entry, error: failed.error} : {ok: true};
  result.status = failed ? 'pipeline-error' : 'pipeline-ok';
}

/// The common end of a case: a lost device and uncaptured errors override the status.
function finish(state, result, t0) {
  if (state.lost) {
    result.status = 'device-lost';
    result.error = state.lost;
  }
  if (state.uncaptured && state.uncaptured.length) {
    for (const m of state.uncaptured.splice(0)) result.validation.push({stage: 'uncaptured', message: m});
  }
  result.timing.totalMs = +(now() - t0).toFixed(3);
  return result;
}

/// The bind group layouts of a case's bindings (visible to `visibility`'s stages), and a
/// function that creates the resources (buffers written from the words, textures from their
/// levels, samplers), the bind groups and a readback buffer per storage buffer; everything
/// created is pushed on `owned` to be destroyed after the case.
function bindingResources(device, bindings, visibility) {
  const groups = new Map();
  let maxGroup = -1;
  for (const b of bindings) {
    if (!groups.has(b.group)) groups.set(b.group, []);
    groups.get(b.group).push(b);
    maxGroup = Math.max(maxGroup, b.group);
  }
  const bgls = [];
  for (let g = 0; g <= maxGroup; ++g) {
    const entries = (groups.get(g) || []).map((b) => {
      const entry = {binding: b.binding, visibility};
      if (b.texture) entry.texture = {sampleType: b.texture.sampleType, viewDimension: b.texture.viewDimension};
      else if (b.sampler) entry.sampler = {type: b.samplerType};
      else entry.buffer = kindLayout[b.kind];
      return entry;
    });
    bgls.push(device.createBindGroupLayout({entries}));
  }
  const makeBindGroups = (owned) => {
    const U = 0x40, S = 0x80, COPY_SRC = 0x4, COPY_DST = 0x8, MAP_READ = 0x1;
    const bindGroups = [];
    const readbacks = [];
    for (let g = 0; g <= maxGroup; ++g) {
      const entries = [];
      for (const b of groups.get(g) || []) {
        if (b.texture) {
          // A sampled or depth texture, each level written from the case's bytes.
          const t = b.texture;
          const texture = device.createTexture({size: t.size, format: t.format, dimension: t.dimension,
                                                mipLevelCount: t.mipLevelCount, usage: 0x4 /* TEXTURE_BINDING */ | 0x2 /* COPY_DST */});
          owned.push(texture);
          t.levels.forEach((level, mipLevel) => {
            device.queue.writeTexture({texture, mipLevel}, new Uint8Array(level.bytes),
                                      {bytesPerRow: level.size[0] * t.bytesPerTexel, rowsPerImage: level.size[1]},
                                      level.size);
          });
          entries.push({binding: b.binding, resource: texture.createView({dimension: t.viewDimension})});
          continue;
        }
        if (b.sampler) {
          entries.push({binding: b.binding, resource: device.createSampler(b.sampler)});
          continue;
        }
        const usage = (b.kind === 'uniform' ? U : S) | COPY_SRC | COPY_DST;
        const buffer = device.createBuffer({size: b.size, usage, mappedAtCreation: true});
        owned.push(buffer);
        const view = new Uint32Array(buffer.getMappedRange());
        const words = b.words || [];
        for (let i = 0; i < words.length; ++i) view[i] = words[i];
        buffer.unmap();
        entries.push({binding: b.binding, resource: {buffer}});
        if (b.kind !== 'uniform') {
          const rb = device.createBuffer({size: b.size, usage: MAP_READ | COPY_DST});
          owned.push(rb);
          readbacks.push({b, buffer, rb});
        }
      }
      bindGroups.push(device.createBindGroup({layout: bgls[g], entries}));
    }
    return {bindGroups, readbacks};
  };
  return {bgls, maxGroup, makeBindGroups};
}

/// Maps the readback buffers (after the submit that copied into them) into result.buffers.
async function readBack(readbacks, result) {
  await Promise.all(readbacks.map((r) => r.rb.mapAsync(0x1 /* GPUMapMode.READ */)));
  for (const r of readbacks) {
    const words = Array.from(new Uint32Array(r.rb.getMappedRange().slice(0)));
    r.rb.unmap();
    result.buffers.push({group: r.b.group, binding: r.b.binding, words});
  }
}

/// Runs one case on state.device; never throws (a thrown error becomes a runtime-error).
export async function runCase(state, c) {
  const t0 = now();
  const result = {id: c.id, status: 'executed', compilation: [], validation: [],
                  pipeline: null, buffers: [], timing: {}};
  const bad = validateCase(c);
  if (bad) {
    result.status = 'bad-case';
    result.error = bad;
    return result;
  }
  if (c.immediates !== undefined && 4 * c.immediates.length > (state.immediates || 0)) {
    // The case gives immediate data (docs/oracle.md): this WebGPU cannot pass it.
    result.status = 'unsupported';
    result.error = state.immediates
        ? `${4 * c.immediates.length} bytes of immediate data exceed this device's maxImmediateSize (${state.immediates})`
        : 'this runner\'s WebGPU has no setImmediates: it cannot give immediate data (var<immediate>)';
    return result;
  }
  const device = state.device;
  const buffers = [];
  try {
    // 1. The shader module and its compilation messages (#shader-creation-error).
    pushScopes(device);
    const module = device.createShaderModule({code: c.wgsl});
    let info = null;
    try {
      info = await module.getCompilationInfo();
    } catch (e) {
      result.validation.push({stage: 'shader', filter: 'getCompilationInfo', message: errorText(e)});
    }
    await popScopes(device, 'shader', result.validation);
    result.compilation = compilationMessages(info);
    const t1 = now();
    result.timing.shaderMs = +(t1 - t0).toFixed(3);
    const shaderFailed = result.compilation.some((m) => m.type === 'error') ||
                         result.validation.some((v) => v.stage === 'shader');
    if (shaderFailed) {
      result.status = 'shader-error';
      result.timing.totalMs = +(now() - t0).toFixed(3);
      return result;
    }
    const mode = caseMode(c);
    if (mode === 'module') {
      result.status = 'module-ok';
      return finish(state, result, t0);
    }
    if (mode === 'pipelines') {
      await createPipelines(state, c, module, result);
      result.timing.pipelineMs = +(now() - t1).toFixed(3);
      return finish(state, result, t0);
    }

    if (mode === 'draw') {
      await runDraw(state, c, module, result, {pushScopes, popScopes, errorText, withConstants,
                                               bindingResources, readBack, buffers, t1,
                                               pipelineLayout, setImmediates});
      return finish(state, result, t0);
    }

    // 2. Layouts from the bindings' kinds, and the pipeline (#pipeline-creation-error).
    pushScopes(device);
    const {bgls, maxGroup, makeBindGroups} = bindingResources(device, c.bindings || [], 0x4 /* COMPUTE */);
    const layout = pipelineLayout(device, bgls, c);
    let pipeline = null;
    const descriptor = {layout, compute: withConstants({module, entryPoint: c.entry}, c)};
    try {
      // createComputePipeline reports failure through the error scope; the async form rejects
      // with a GPUPipelineError. dawn.node answers the async form only at its next event
      // poll (about 10 ms later), so the synchronous form is the default there.
      if (state.asyncPipelines) pipeline = await device.createComputePipelineAsync(descriptor);
      else pipeline = device.createComputePipeline(descriptor);
      result.pipeline = {ok: true};
    } catch (e) {
      result.pipeline = {ok: false, error: errorText(e), reason: e && e.reason};
    }
    await popScopes(device, 'pipeline', result.validation);
    const t2 = now();
    result.timing.pipelineMs = +(t2 - t1).toFixed(3);
    if (!pipeline || result.validation.some((v) => v.stage === 'pipeline')) {
      if (result.pipeline.ok) result.pipeline = {ok: false, error: 'pipeline creation raised a validation error'};
      result.status = 'pipeline-error';
      result.timing.totalMs = +(now() - t0).toFixed(3);
      return result;
    }

    // 3. Buffers, one dispatch, read back every storage buffer.
    pushScopes(device);
    const {bindGroups, readbacks} = makeBindGroups(buffers);
    const encoder = device.createCommandEncoder();
    const pass = encoder.beginComputePass();
    pass.setPipeline(pipeline);
    for (let g = 0; g <= maxGroup; ++g) pass.setBindGroup(g, bindGroups[g]);
    setImmediates(pass, c);
    pass.dispatchWorkgroups(c.dispatch[0], c.dispatch[1], c.dispatch[2]);
    pass.end();
    for (const r of readbacks) encoder.copyBufferToBuffer(r.buffer, 0, r.rb, 0, r.b.size);
    device.queue.submit([encoder.finish()]);
    await readBack(readbacks, result);
    await popScopes(device, 'dispatch', result.validation);
    result.timing.dispatchMs = +(now() - t2).toFixed(3);
    if (result.validation.some((v) => v.stage === 'dispatch')) result.status = 'runtime-error';
  } catch (e) {
    result.status = 'runtime-error';
    result.error = errorText(e);
  } finally {
    for (const b of buffers) {
      try { b.destroy(); } catch (_) { /* already gone */ }
    }
  }
  return finish(state, result, t0);
}

/// Runs a case, reopening the device first when the previous case lost it.
export async function runCaseWithRecovery(gpu, state, c) {
  if (!state.device || state.lost) await openDevice(gpu, state);
  return runCase(state, c);
}

// What this runner understands beyond the first version of the protocol (docs/oracle.md).
export const CAPABILITIES = ['module', 'pipelines', 'constants', 'textures', 'draw'];

export function hello(backend, state, versions) {
  // "immediates": the runner passes a case's immediate data (setImmediates).
  const capabilities = state.immediates ? [...CAPABILITIES, 'immediates'] : CAPABILITIES;
  return {hello: PROTOCOL, version: PROTOCOL_VERSION, backend, adapter: state.adapterInfo,
          versions, capabilities};
}
