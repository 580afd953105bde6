"""Every private JAX internal mpicoll uses, adapted per JAX version here only.

mpicoll uses public JAX APIs wherever they exist (`jax.extend.core.Primitive`,
`jax.ffi`, `jax.interpreters.ad/batching`). Declaring effects, lowering a
custom call with an ordering token and the fast-dispatch hook (`scope`) need
private ones; they are imported and adapted here, so a JAX release that
changes one of them is handled in this file, and nowhere else.

Tested with jax 0.10.x (Python 3.11), 0.11.x and 0.12.x (Python 3.12/3.13); see
docs/install.md, "Supported versions". The differences that matter:

* jax <= 0.10 has two jaxpr classes: an open `core.Jaxpr` (with `constvars`)
  and `core.ClosedJaxpr` wrapping it with the constants' values. From 0.11 on
  one `core.Jaxpr` carries its constants itself, and `ClosedJaxpr` is gone.
* `mlir.aval_to_ir_type` takes the module context first since jax 0.8.
* The fast-dispatch hook point, `pxla._dce_jaxpr`, is a private function: if a
  release renames or drops it, `FAST_DISPATCH_HOOK` is None, mpicoll stays
  correct on JAX's slow path (runtime tokens), and
  `tests/test_ordering.py::test_fast_dispatch_path_is_taken` fails, naming
  this file.
"""

import contextlib
import inspect

import jax

from jax._src import core, dispatch, effects, linear_util as lu  # noqa: F401
from jax._src import sharding_impls, source_info_util, util  # noqa: F401
from jax._src.interpreters import ad, batching, mlir, partial_eval as pe, pxla  # noqa: F401
from jax._src.lib.mlir import ir  # noqa: F401
from jax._src.lib.mlir.dialects import hlo  # noqa: F401
from jax._src import config as _config
from jax._src.array import ArrayImpl as _ArrayImpl
from jax._src.sharding_impls import SingleDeviceSharding as _OneDevice

# jax >= 0.11: a Jaxpr carries its constants (no separate ClosedJaxpr).
JAXPR_CARRIES_CONSTS = not hasattr(core, "ClosedJaxpr")


if "ctx" in inspect.signature(mlir.aval_to_ir_type).parameters:     # jax >= 0.8
    def ir_type(ctx, aval):
        """The MLIR type of `aval` inside a lowering rule's context."""
        return mlir.aval_to_ir_type(ctx.module_context, aval)
else:
    def ir_type(ctx, aval):
        """The MLIR type of `aval` inside a lowering rule's context."""
        return mlir.aval_to_ir_type(aval)


def open_jaxpr(closed):
    """The jaxpr of a closed jaxpr, with its constants as leading inputs."""
    return pe.convert_constvars_jaxpr(closed.jaxpr if not JAXPR_CARRIES_CONSTS else closed)


def closed_jaxpr(constvars, invars, outvars, eqns, debug_info, consts):
    """A closed jaxpr without effects: `constvars` bound to `consts`."""
    if JAXPR_CARRIES_CONSTS:
        return core.Jaxpr(constvars, invars, outvars, eqns, set(), debug_info,
                          consts=list(consts))
    return core.ClosedJaxpr(core.Jaxpr(constvars, invars, outvars, eqns, set(), debug_info),
                            consts)


def with_eqns(closed, eqns, outvars=None):
    """`closed` with its equations (and `outvars`, where given) replaced
    (same input variables and constants)."""
    changes = dict(eqns=eqns) if outvars is None else dict(eqns=eqns, outvars=outvars)
    if JAXPR_CARRIES_CONSTS:
        return closed.replace(**changes)
    return closed.replace(jaxpr=closed.jaxpr.replace(**changes))


def lower_inline(ctx, jaxpr, tokens, *args):
    """Lower open `jaxpr` (no constvars) inline into the rule's computation;
    return (results, tokens out)."""
    return mlir.jaxpr_subcomp(
        ctx.module_context, jaxpr, ctx.name_stack, tokens, [], *args,
        dim_var_values=ctx.dim_var_values, const_lowering=ctx.const_lowering,
        outer_traceback=None)


def new_source_info():
    return source_info_util.new_source_info()


# The function JAX calls on every jitted computation's top-level jaxpr before
# lowering it, with (closed_jaxpr, keep_unused, donated_invars) and returning
# (closed_jaxpr, donated_invars, kept_input_indices). None if this JAX lacks it.
FAST_DISPATCH_HOOK = "_dce_jaxpr" if callable(getattr(pxla, "_dce_jaxpr", None)) else None


def wrap_fast_dispatch_hook(make_wrapper):
    """Replace the hook with ``make_wrapper(original)``, once; True if installed."""
    if FAST_DISPATCH_HOOK is None:
        return False
    original = getattr(pxla, FAST_DISPATCH_HOOK)
    if getattr(original, "_mpicoll_wrapped", False):
        return True
    wrapper = make_wrapper(original)
    wrapper._mpicoll_wrapped = True
    setattr(pxla, FAST_DISPATCH_HOOK, wrapper)
    return True


def fast_dispatch_installed():
    """Whether jitted MPI computations keep JAX's fast dispatch path."""
    return (FAST_DISPATCH_HOOK is not None and
            getattr(getattr(pxla, FAST_DISPATCH_HOOK), "_mpicoll_wrapped", False))


def _nested_in(trace_types):
    """Whether the current trace, or one it nests in (``parent_trace``), is
    one of `trace_types`. The walk stops at a staging trace (`jax.jit`,
    `lax.custom_linear_solve`, a loop body): a jaxpr traced there is not
    necessarily transformed afterwards (a linear solve's matvec under
    `jax.grad` is not), and if it is, its equations' own rules see it
    (ops/p2p.py, ``returns_cotangent``)."""
    trace = core.trace_ctx.trace
    while trace is not None and not isinstance(trace, pe.DynamicJaxprTrace):
        if isinstance(trace, trace_types):
            return True
        trace = getattr(trace, "parent_trace", None)
    return False


# The traces under which an operation's rule runs on some ranks only if its
# operands carry a derivative on some ranks only: forward mode and
# linearization (grad, vjp) run JVP rules only for operands with a nonzero
# tangent; the partial evaluation that `jax.linear_transpose` traces with
# computes an operation at once where its operands are known, and stages
# it for the transpose where they are not.
derivative_traces = (ad.JVPTrace, ad.LinearizeTrace, pe.JaxprTrace)


def carries_derivative(trace, value):
    """Whether `value`, an operand bound under `trace` (one of
    `derivative_traces`), carries a derivative there: a nonzero tangent, or
    under partial evaluation, an unknown value."""
    if isinstance(trace, pe.JaxprTrace):
        return isinstance(value, pe.JaxprTracer) and value._trace is trace and \
            not value.is_known()
    return type(trace.to_primal_tangent_pair(value)[1]) is not ad.Zero


def value_aval(value):
    """The abstract value (shape, dtype) of an array or tracer."""
    return core.typeof(value)


def current_trace(trace):
    """Context in which `bind` goes to `trace`."""
    return core.set_current_trace(trace)


def under_derivative_trace():
    """Whether what is bound now is being differentiated or transposed:
    forward mode (jvp, jacfwd), linearization (grad, vjp, linearize) or the
    partial evaluation that `jax.linear_transpose` traces a function with."""
    return _nested_in((ad.JVPTrace, ad.LinearizeTrace, pe.JaxprTrace))


BatchTrace = batching.BatchTrace


def under_batch_trace():
    """Whether what is bound now is being batched (`jax.vmap`)."""
    return _nested_in(batching.BatchTrace)


def zero_tangent(value):
    """The symbolic zero tangent of `value` (float0 for integers)."""
    return ad.Zero(core.typeof(value).to_tangent_aval())


# The batching rules as JAX calls them, ``(axis_data, vals, dims, **params)``:
# `jax.interpreters.batching.primitive_batchers` can only be written to, and
# stores each rule here wrapped.
batching_rules = batching.fancy_primitive_batchers


# --- Regions JAX differentiates as a whole -----------------------------------
#
# A higher-order primitive (a jitted function, a cond, a loop, a checkpoint)
# goes through a derivative trace as one equation: where none of its inputs
# carries a derivative, the trace binds it unchanged and never looks at the
# equations inside (`process_primitive` below). derivative_agreement.py,
# "Regions some ranks skip", rewrites such a region's jaxprs instead.

def _first(module, *names):
    for name in names:
        if hasattr(module, name):
            return getattr(module, name)
    return None


from jax._src import ad_checkpoint, pjit as _pjit  # noqa: E402
from jax._src.lax.control_flow import conditionals as _conditionals, loops as _loops  # noqa: E402
from jax._src.lax.control_flow import solves as _solves  # noqa: E402

remat_p = ad_checkpoint.remat_p
linear_solve_p = _solves.linear_solve_p
# Each primitive whose JVP and linearization rules send every equation of
# these jaxpr parameters through the derivative trace once per execution,
# with the names of those parameters. (A while loop's condition is evaluated
# on primal values only; custom_jvp/custom_vjp calls run their user rules
# instead, so they are not walked.)
REGION_JAXPRS = {prim: names for prim, names in (
    (_first(_pjit, "jit_p", "pjit_p"), ("jaxpr",)),
    (_conditionals.cond_p, ("branches",)),
    (_loops.scan_p, ("jaxpr",)),
    (_loops.while_p, ("body_jaxpr",)),
    (core.closed_call_p, ("call_jaxpr",)),
    (remat_p, ("jaxpr",)),
) if prim is not None}
# The primitives where whether each rank differentiates them is checked once,
# before they run, with the name errors give them:
# * a checkpoint differentiated on a rank is recomputed in that rank's
#   backward pass, collectives included (it is also a region, above);
# * lax.custom_linear_solve's derivative rules run solves and matvecs in an
#   order of their own, so a rank that skips it cannot mirror their checks
#   (its equations are not walked).
ENTRY_CHECKED = {remat_p: "checkpoint", linear_solve_p: "custom_linear_solve"}
# Where the collectives inside each region or entry-checked primitive are: its
# jaxpr parameters (custom_linear_solve's `jaxprs` holds matvec, vecmat, solve
# and transpose_solve, None where absent).
JAXPR_PARAMS = {**REGION_JAXPRS, linear_solve_p: ("jaxprs",)}


def keep_in_scan_loops(effect):
    """Keep equations with `effect` inside the scans they are written in.

    Partial evaluation of a scan (`grad`, `vjp`, `linearize`) hoists the
    known part of its body that depends only on loop constants out of the
    loop, where it runs once instead of once per iteration
    (`_scan_known_hoisting`). That is sound for pure computations but
    changes how often a collective runs; and what is a loop constant can
    differ between ranks (`lax.scan` makes a carry that the body returns
    unchanged a constant, so a rank that ignores a collective's result in
    its carry had that collective hoisted, its partners did not: a hang,
    or a forward message taken as a derivative one). A scan body with
    `effect` is therefore not hoisted from; its pure residuals are then
    stored per iteration, as for any loop-dependent residual.
    """
    original = getattr(_loops, "_scan_known_hoisting", None)
    if original is None or getattr(original, "_mpicoll_wrapped", False):
        return

    def known_hoisting(jaxpr_known, known_consts, num_res, *rest):
        if effect in jaxpr_known.effects:
            return jaxpr_known, known_consts, [False] * num_res, []   # JAX's own "disable"
        return original(jaxpr_known, known_consts, num_res, *rest)
    known_hoisting._mpicoll_wrapped = True
    _loops._scan_known_hoisting = known_hoisting

    # The constants themselves: `lax.scan` turns a carry the body returns
    # unchanged into a loop constant, before any transformation. A rank
    # whose body forwards its carry (ignores a collective's result there)
    # then has different loop constants from its partners, and the
    # rematerialisation of a `jax.checkpoint` around the scan hoists from
    # them on its own (`_scan_partial_eval_custom`). So a jaxpr with
    # `effect` reports no input forwarded to an output: an optimisation
    # JAX makes with the answer, here left out.
    forwarding = pe._jaxpr_forwarding
    if getattr(forwarding, "_mpicoll_wrapped", False):
        return

    def no_forwarding_past_effect(jaxpr):
        if effect in jaxpr.effects:
            return [None] * len(jaxpr.outvars)
        return forwarding(jaxpr)
    no_forwarding_past_effect._mpicoll_wrapped = True
    pe._jaxpr_forwarding = no_forwarding_past_effect


def jaxpr_eqns(jaxpr):
    """The equations of a jaxpr parameter (closed or open)."""
    return getattr(jaxpr, "jaxpr", jaxpr).eqns


def replace_eqns(jaxpr, eqns, outvars=None):
    """A jaxpr parameter (closed or open) with its equations (and
    `outvars`, where given) replaced."""
    changes = dict(eqns=eqns) if outvars is None else dict(eqns=eqns, outvars=outvars)
    if not JAXPR_CARRIES_CONSTS and isinstance(jaxpr, core.ClosedJaxpr):
        return jaxpr.replace(jaxpr=jaxpr.jaxpr.replace(**changes))
    return jaxpr.replace(**changes)


def effect_eqn(prim, params, effect, source_info):
    """An equation of `prim` with no operands or results."""
    return core.new_jaxpr_eqn([], [], prim, params, {effect}, source_info)


def wrap_process_primitive(make_wrapper):
    """Wrap `process_primitive` of every derivative trace, once:
    ``make_wrapper(trace_class, original)``."""
    for cls in (ad.JVPTrace, ad.LinearizeTrace, pe.JaxprTrace):
        original = cls.process_primitive
        if not getattr(original, "_mpicoll_wrapped", False):
            wrapper = make_wrapper(cls, original)
            wrapper._mpicoll_wrapped = True
            cls.process_primitive = wrapper


def wrap_custom_rule_calls(make_wrapper):
    """Wrap how the derivative traces process a `custom_jvp` or `custom_vjp`
    function call, once: ``make_wrapper(trace_class, original)``. The
    tracers are the last positional argument. Where an input carries a
    derivative, the forward traces run the rule and partial evaluation
    (`jax.linear_transpose`) stages the function; elsewhere both run the
    function at once."""
    for cls in (ad.JVPTrace, ad.LinearizeTrace, pe.JaxprTrace):
        for name in ("process_custom_jvp_call", "process_custom_vjp_call"):
            original = getattr(cls, name)
            if not getattr(original, "_mpicoll_wrapped", False):
                wrapper = make_wrapper(cls, original)
                wrapper._mpicoll_wrapped = True
                setattr(cls, name, wrapper)


def bind_when_known(trace, primitive, tracers, params):
    """Under partial evaluation (`pe.JaxprTrace`), what JAX does with an
    equation whose operands are all known: bind it at once, as one."""
    return trace.default_process_primitive(primitive, tracers, params)


# --- shard_map bodies (mpicoll.spmd) ------------------------------------------

def abstract_mesh(axis_sizes, axis_names):
    """A device-less mesh to trace `jax.shard_map` with, its axes in Auto mode."""
    from jax.sharding import AbstractMesh, AxisType
    return AbstractMesh(tuple(axis_sizes), tuple(axis_names),
                        axis_types=(AxisType.Auto,) * len(axis_names))


@contextlib.contextmanager
def no_context_mesh():
    """No mesh set by the user's `jax.set_mesh` while spmd traces and runs:
    spmd's shard_map is over the process mesh, and JAX requires a context
    mesh to be that one (one per process is not: it holds its devices)."""
    from jax._src import config, mesh as mesh_lib
    devices = getattr(mesh_lib, "device_context", None) or config.device_context
    if mesh_lib.get_abstract_mesh().empty and mesh_lib.get_concrete_mesh().empty:
        yield
        return
    previous = devices.swap_local(mesh_lib.empty_concrete_mesh)
    try:
        with mesh_lib.use_abstract_mesh(mesh_lib.empty_abstract_mesh):
            yield
    finally:
        devices.set_local(previous)


def jaxpr_parts(jaxpr):
    """(open jaxpr, its constants' values) of a jaxpr parameter."""
    if not JAXPR_CARRIES_CONSTS and isinstance(jaxpr, core.ClosedJaxpr):
        return jaxpr.jaxpr, jaxpr.consts
    return jaxpr, list(getattr(jaxpr, "consts", None) or ())


@contextlib.contextmanager
def body_context(axis_names, axis_sizes, check_vma, *, nested=False):
    """The tracing context of a `shard_map` body: the mesh's axis names
    bound, its axes manual, vma checking on or off. A `custom_jvp` or
    `custom_vjp` rule found in the body is traced later, when it is
    differentiated, and needs it. `nested`: that happens inside another
    `shard_map` (over a process's devices), whose abstract mesh JAX will not
    swap for one of another size; the rule is traced into a jaxpr of its
    own, apart from it, so the mesh is cleared first."""
    from jax._src import config
    from jax._src.mesh import AbstractMesh, use_abstract_mesh
    with contextlib.ExitStack() as stack:
        if nested:
            stack.enter_context(use_abstract_mesh(AbstractMesh((), ())))
        stack.enter_context(core.extend_axis_env_nd(list(zip(axis_names, axis_sizes))))
        stack.enter_context(use_abstract_mesh(_manual_mesh(axis_names, axis_sizes)))
        stack.enter_context(config._check_vma(check_vma))
        yield


def _manual_mesh(axis_names, axis_sizes):
    from jax._src.mesh import AbstractMesh, AxisType
    return AbstractMesh(tuple(axis_sizes), tuple(axis_names),
                        axis_types=(AxisType.Manual,) * len(axis_names))


def body_aval(value, varying, axis_names, axis_sizes, check_vma):
    """The type a value of this rank has inside a `shard_map` body over the
    mesh: its shape and dtype, on the manual mesh, varying over `varying`
    when vma types are checked (as JAX's eager `shard_map` types its
    values)."""
    from jax.sharding import NamedSharding
    aval = core.typeof(value)
    mesh = _manual_mesh(axis_names, axis_sizes)
    spec = core.modify_spec_for_auto_manual(aval.sharding.spec, mesh)
    mat = core.ManualAxisType(varying=frozenset(varying)) if check_vma else core.empty_mat
    return aval.update(sharding=NamedSharding(mesh, spec), manual_axis_type=mat)


def at_top_level():
    """Whether JAX runs operations at once here: no transformation or
    tracing (jit, grad, vmap, ...) is active, and no axis name is bound."""
    return core.trace_ctx.is_top_level()


def run_at_once(primitive, args, params):
    """Run `primitive` on concrete arrays `args` at the top level, as JAX's
    `bind` would end up doing (a compiled computation of the primitive
    alone, as `dispatch.apply_primitive` makes), or return None where that
    is not certain: an argument that is not a `jax.Array` on one device (a
    NumPy array or a Python scalar still needs JAX's canonicalisation, an
    array over a mesh may need resharding to the mesh in use), or a
    debugging mode that runs primitives its own way (`jax.disable_jit`,
    key-reuse checks)."""
    if not (core.trace_ctx.is_top_level() and all(
            type(a) is _ArrayImpl and type(a.sharding) is _OneDevice for a in args)) \
            or _config.disable_jit.value or _config.debug_key_reuse.value:
        return None
    return _compiled_alone(primitive, **params)(*args)


@util.cache(trace_context_in_key=False)
def _compiled_alone(primitive, **params):
    # What `dispatch.apply_primitive` compiles and caches, in a cache that
    # does not key on JAX's tracing configuration (a third of the time of
    # a small eager call): a jitted function follows that configuration
    # itself, retracing where it changes.
    def prim_fun(*args):
        with _config.eager_constant_folding(False):
            return primitive.bind(*args, **params)
    prim_fun.__name__ = prim_fun.__qualname__ = primitive.name
    prim_fun._apply_primitive = True      # JAX's debug_nans names the primitive
    return jax.jit(prim_fun)


def context_now():
    """A context manager that goes back to the tracing context current now
    (the trace, bound axis names, abstract mesh and vma checking): an
    eagerly run `shard_map` body enters the body's context and computes each
    operation in the context it was called from."""
    from jax._src import config
    from jax._src.mesh import get_abstract_mesh, use_abstract_mesh
    trace, axis_env = core.trace_ctx.trace, core.trace_ctx.axis_env
    mesh, check_vma = get_abstract_mesh(), config._check_vma.value

    @contextlib.contextmanager
    def restore():
        inner = core.trace_ctx.axis_env
        core.trace_ctx.set_axis_env(axis_env)
        try:
            with (core.set_current_trace(trace), use_abstract_mesh(mesh),
                  config._check_vma(check_vma)):
                yield
        finally:
            core.trace_ctx.set_axis_env(inner)
    return restore


class EagerBodyTrace(core.Trace):
    """Runs a `shard_map` body at once on this rank's values, as JAX's eager
    `shard_map` runs it on every device's: each operation bound in the body
    is computed by ``apply(primitive, values, params)`` (in the context the
    trace was made in, where it runs at once), and its results are typed as
    JAX types them in the body (varying over the mesh axes the primitive's
    typing rule says, when vma types are checked). Unlike JAX's, every
    value is concrete: Python control flow may test any of them."""

    def __init__(self, apply, axis_names, axis_sizes, check_vma):
        super().__init__()
        self.apply, self.check_vma = apply, check_vma
        self.axis_names, self.axis_sizes = tuple(axis_names), tuple(axis_sizes)
        self.outside = context_now()

    def new(self, value, varying=()):
        return EagerBodyTracer(self, value, varying)

    def value(self, x):
        return x.val if isinstance(x, EagerBodyTracer) and x._trace is self else x

    def aval(self, x):
        if isinstance(x, EagerBodyTracer) and x._trace is self:
            return x.aval
        return body_aval(x, (), self.axis_names, self.axis_sizes, self.check_vma)

    def process_primitive(self, primitive, tracers, params, /):
        values = [self.value(t) for t in tracers]
        varying = None
        if self.check_vma:
            out_avals, _ = primitive.abstract_eval(*map(self.aval, tracers), **params)
            out_avals = out_avals if primitive.multiple_results else [out_avals]
            varying = [_varying_axes(a) for a in out_avals]
        with self.outside():
            outs = self.apply(primitive, values, params)
        outs = list(outs) if primitive.multiple_results else [outs]
        outs = [self.new(o, v) for o, v in zip(outs, varying or [()] * len(outs))]
        return outs if primitive.multiple_results else outs[0]

    def stage_value(self, value):
        return self.new(value)

    # custom_jvp/custom_vjp functions: the function itself (nothing is
    # differentiated at this level; transformations inside the body see the
    # rules first), its operations bound here.
    def process_custom_jvp_call(self, primitive, fun, jvp, tracers, /, **_):
        with core.set_current_trace(self):
            return fun.call_wrapped(*tracers)

    def process_custom_vjp_call(self, primitive, fun, fwd, bwd, tracers, /, **_):
        with core.set_current_trace(self):
            return fun.call_wrapped(*tracers)

    def process_call(self, primitive, f, tracers, params, /):      # jax <= 0.10
        with core.set_current_trace(self):
            return f.call_wrapped(*tracers)


class EagerBodyTracer(core.Tracer):
    """A value of an `EagerBodyTrace`: this rank's concrete block (`val`)."""

    def __init__(self, trace, val, varying):
        self.val = val
        varying = frozenset(varying) if trace.check_vma else frozenset()
        super().__init__(trace, body_aval(val, varying, trace.axis_names, trace.axis_sizes,
                                          trace.check_vma))

    @property
    def varying(self):
        """The mesh axes this value's type says it varies over."""
        return _varying_axes(self.aval)

    def to_concrete_value(self):
        return self.val

    def __array__(self, dtype=None, copy=None):
        import numpy as np
        return np.asarray(self.val, dtype=dtype)

    def __float__(self):
        return float(self.val)

    def __complex__(self):
        return complex(self.val)

    def __repr__(self):
        return f"{self.aval.str_short()} on this rank: {self.val}"


def vma_typed(eqn):
    """Whether an equation's values carry vma types (its shard_map body was
    traced with check_vma): then its rules must be traced so too."""
    return any(_varying_axes(v.aval) for v in [*eqn.invars, *eqn.outvars])


def varying_like_operands(operands, results):
    """`results` (avals: one, or a list or tuple) typed as varying over every
    mesh axis one of `operands` varies over, inside a `shard_map` that
    checks vma types: each device's instance of an MPI operation talks on
    its own communicator, so its result varies wherever its operands do
    (the rule JAX's elementwise primitives follow)."""
    varying = frozenset().union(*(_varying_axes(a) for a in operands))
    if not varying:
        return results
    mesh = next(a.sharding.mesh for a in operands if _varying_axes(a))

    def typed(aval):
        mat = getattr(aval, "mat", None)
        if mat is None or mat.varying == varying:
            return aval
        kept = {k: getattr(mat, k) for k in ("unreduced", "reduced", "unreduced_kind")
                if hasattr(mat, k)}     # (the fields differ between JAX versions)
        sharding = aval.sharding
        if sharding.mesh.empty:     # a result made without the body's mesh
            from jax.sharding import NamedSharding, PartitionSpec
            sharding = NamedSharding(mesh, PartitionSpec(*[None] * len(aval.shape)))
        return aval.update(sharding=sharding,
                           manual_axis_type=type(mat)(varying=varying, **kept))

    if isinstance(results, (list, tuple)):
        return type(results)(typed(a) for a in results)
    return typed(results)


def varying_like(value, aval):
    """`value` (a cotangent; None or a symbolic zero pass through), made to
    vary over the mesh axes `aval` varies over where its type does not."""
    if value is None or isinstance(value, ad.Zero):
        return value
    missing = _varying_axes(aval) - _varying_axes(core.typeof(value))
    if not missing:
        return value
    from jax import lax
    return lax.pcast(value, tuple(sorted(missing)), to="varying")


def _varying_axes(aval):
    """The mesh axes over which a value's type says it varies."""
    mat = getattr(aval, "mat", None)
    return mat.varying if mat is not None else frozenset()


def custom_jvp_rule(eqn):
    """The jaxpr of a `custom_jvp_call` equation's rule with every tangent
    given: (open jaxpr over primals then tangents, its constants, which
    output tangents are zero). Trace it inside `body_context`."""
    n = len(eqn.invars) - eqn.params["num_consts"]
    return eqn.params["jvp_jaxpr_fun"].call_wrapped(*[False] * n)


def custom_vjp_forward(eqn):
    """A `custom_vjp_call` equation's forward rule with every input
    differentiated: (open jaxpr, its constants, the number of residuals
    among its outputs, where each residual comes from: None for the next
    residual output, else the index of the equation's operand it is, and
    the residuals' types). Trace it inside `body_context`."""
    n = len(eqn.invars) - eqn.params["num_consts"]
    jaxpr, consts = eqn.params["fwd_jaxpr_thunk"].call_wrapped(*[True] * n)
    _, res_tree, input_fwds = eqn.params["out_trees"]()
    n_res = res_tree.num_leaves - sum(f is not None for f in input_fwds)
    computed = iter(v.aval for v in jaxpr.outvars[:n_res])
    res_avals = [next(computed) if f is None else eqn.invars[f].aval for f in input_fwds]
    return jaxpr, consts, n_res, input_fwds, res_avals


def custom_vjp_backward(eqn, res_avals):
    """The jaxpr of a `custom_vjp_call` equation's backward rule, traced on
    residuals and output cotangents of the types the body gave them (zeros
    it gives as symbolic become arrays). Trace it inside `body_context`."""
    bwd = eqn.params["bwd"]

    def backward(*args):
        outs = bwd.call_wrapped(*args)
        if len(outs) == 2 and isinstance(outs[0], (list, tuple)):
            outs, _ = outs      # jax >= 0.12: (cotangents, backward-pass logs)
        return [ad.instantiate_zeros(ct) if type(ct) is ad.Zero else ct for ct in outs]
    ct_avals = [v.aval.to_tangent_aval() for v in eqn.outvars]
    jaxpr, _, consts = pe.trace_to_jaxpr_dynamic(
        lu.wrap_init(backward, debug_info=bwd.debug_info), [*res_avals, *ct_avals])
    return jaxpr, consts


def literal_value(var):
    """The value of an equation's operand if it is a literal, else None."""
    return var.val if isinstance(var, core.Literal) else None


def bind_params(eqn):
    """(subfunctions, parameters) that re-bind an equation as JAX's own
    interpreter does (jax >= 0.12 returns the parameters only)."""
    bound = eqn.primitive.get_bind_params(eqn.params)
    return ([], bound) if isinstance(bound, dict) else bound


def sub_jaxprs(params):
    """The jaxprs among an equation's parameters, and among those of the
    operation object a `call_hi_primitive` equation holds (``_prim``)."""
    yield from core.jaxprs_in_params(params)
    hi = params.get("_prim")
    if hi is not None:
        yield from core.jaxprs_in_params(getattr(hi, "params", {}))


_RematTraced = getattr(ad_checkpoint, "RematTraced", None)


def remat3_params(primitive, params):
    """Where a checkpoint is a `call_hi_primitive` of a `RematTraced`
    operation (JAX's ``jax_remat3`` flag on, off by default in jax
    0.10-0.12), the parameters of the checkpoint it stands for (``jaxpr``,
    ``policy``, and ``prevent_cse`` where it keeps one: jax 0.12, not 0.10);
    else None. Such a checkpoint's policy is None where `jax.checkpoint` was
    given ``nothing_saveable``."""
    hi = params.get("_prim") if primitive.name == "call_hi_primitive" else None
    if _RematTraced is None or not isinstance(hi, _RematTraced):
        return None
    return dict(hi.params)


def _parallel_primitive_names():
    from jax._src.lax import parallel
    return frozenset(p.name for n, p in vars(parallel).items()
                     if n.endswith("_p") and hasattr(p, "name"))


# the names of JAX's collectives over named axes (jax.lax.psum and friends)
PARALLEL_PRIMITIVES = _parallel_primitive_names()


def scan_operands(params, operands):
    """A scan equation's operands split into (constants, initial carry,
    scanned sequences): jax >= 0.12 describes them by flat trees."""
    if "ft_in" in params:
        consts, init, seqs = params["ft_in"].update(list(operands)).unpack()
        return list(consts), list(init), list(seqs)
    n, m = params["num_consts"], params["num_carry"]
    return list(operands[:n]), list(operands[n:n + m]), list(operands[n + m:])


def lowering_devices(ctx):
    """The devices of the computation a lowering rule is lowered into: more
    than one when JAX partitions it over several devices of this process
    (an array sharded over them, or `shard_map` over a mesh of them)."""
    axis_context = ctx.module_context.axis_context
    assignment = getattr(axis_context, "device_assignment", None)
    if assignment is not None:
        return tuple(assignment)
    mesh = getattr(axis_context, "mesh", None)
    devices = getattr(mesh, "devices", None)        # a concrete Mesh
    if devices is not None:
        return tuple(devices.flat)
    return (None,) * getattr(axis_context, "num_devices", 1)


def manual_over_all_devices(ctx):
    """Whether the lowering is inside a `shard_map` whose every mesh axis is
    manual: each device then runs the body on its own block."""
    axis_context = ctx.module_context.axis_context
    mesh = getattr(axis_context, "mesh", None)
    manual = getattr(axis_context, "manual_axes", None)
    return (isinstance(axis_context, sharding_impls.SPMDAxisContext) and mesh is not None
            and frozenset(manual) == frozenset(mesh.axis_names))


def keep_out_of_compilation_cache():
    """Turn JAX's persistent compilation cache off for this process, with a
    warning, where JAX is older than 0.12 and the cache is on: jaxlib 0.10
    crashes (a segmentation fault in `put_executable_and_time`) when it
    stores a computation over several CPU devices with mpicoll's operations,
    which JAX 0.12 stores correctly. Called when such a computation is
    lowered, before it is compiled."""
    import warnings
    from jax._src import compilation_cache, config
    if _jax_version() >= (0, 12) or not config.enable_compilation_cache.value or \
            not config.compilation_cache_dir.value:
        return
    jax.config.update("jax_enable_compilation_cache", False)
    compilation_cache.reset_cache()
    warnings.warn(
        f"mpicoll: JAX {jax.__version__}'s persistent compilation cache crashes when it "
        "stores a computation over several devices with MPI operations; mpicoll turned the "
        "cache off for this process (JAX 0.12 and later keep it).", RuntimeWarning,
        stacklevel=2)


def _jax_version():
    return tuple(int(p) for p in jax.__version__.split(".")[:2] if p.isdigit())


# JAX before 0.12 (seen with 0.10.2 and 0.11.2): the CPU client runs the
# device programs of independent launches over several devices on one pool
# of max(cores, devices) threads in any order, so one launch's device
# program can wait in an in-process collective for its partner while the
# other launches' programs hold every thread. Pure JAX shows it: two devices
# on a 2-core machine, four jitted shard_map psums dispatched again and
# again without waiting, abort after XLA's 40 s rendezvous timeout; JAX
# 0.12 runs them. (A larger pool, NPROC=4, let that run through too.)
LAUNCHES_CAN_DEADLOCK = _jax_version() < (0, 12)


def recover_after_failed_computations(effect):
    """JAX 0.12's handling of a failed computation with an ordered effect,
    for older JAX: the next computation with `effect` raises the failure
    once more (it has ended, so a fresh token orders what follows), and
    `jax.effects_barrier()` forgets the tokens it raised for.

    JAX orders effectful computations through runtime tokens in a process
    with several local devices. JAX 0.10 keeps a failed computation's token:
    every later effects barrier raises its error again and the next
    computation with the effect waits forever for its token. (Waiting for
    the previous computation's token before dispatching the next is what
    JAX 0.12 does too, where it reshards the token.)
    """
    if _jax_version() >= (0, 12):
        return
    tokens = type(dispatch.runtime_tokens)
    get_token_input, block_until_ready = tokens.get_token_input, tokens.block_until_ready

    def recovering_get_token_input(self, eff, devices):
        token = self.current_tokens.get(eff)
        if eff == effect and isinstance(token, core.Token):
            try:
                token.block_until_ready()
            except Exception:
                del self.current_tokens[eff]
                raise
        return get_token_input(self, eff, devices)

    def forgetting_block_until_ready(self):
        try:
            block_until_ready(self)
        finally:
            self.clear()

    tokens.get_token_input = recovering_get_token_input
    tokens.block_until_ready = forgetting_block_until_ready


# Effects JAX lets through to lowering in a computation over several devices
# (it refuses other ordered effects there before lowering, with a message of
# its own).
shardable_ordered_effects = effects.shardable_ordered_effects

