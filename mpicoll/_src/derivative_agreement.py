"""Derivatives agree: the ranks check that they differentiate the same collectives.

JAX runs an operation's JVP rule only on ranks where one of its inputs
carries a derivative; elsewhere it binds the operation as a plain one. If
the input of a collective is a constant on some ranks only (a
rank-dependent branch, stop_gradient on one rank), the differentiating
ranks go on to a derivative collective (the tangent op, or under grad its
transpose in the backward pass) that the others never make: a hang, or a
pairing with an unrelated call. So under a derivative trace every
collective of floating data is preceded by `derivatives_agree_p`, a
small allgather of whether this rank differentiates it and of what it
checks, and every rank raises where they disagree (the `derivatives_agree` handler,
derivative_checks.pxi).
It costs one small collective per differentiated collective, in the
forward pass only; plain calls are unchanged. Point-to-point ops
(``collective=False``) cannot use it, since not every rank takes part:
their messages carry that state themselves (``kind``). So do rooted sends,
for programs traced with the check switched off (config.py).

Three places bind the check, each in its section below: a collective
under a derivative trace ("Derivatives agree"), a region (jit, cond, a
loop, a checkpoint) that a derivative trace binds without looking inside
("Regions some ranks skip"), and a custom_jvp or custom_vjp call whose
rule runs on some ranks only ("Custom rules some ranks skip").

Imports: this module imports `primitive` (the check is an MPI primitive
itself, and it reads the roles that module assigns), never the other way
round. `MPIPrimitive.bind` and `bind_with_trace` call the checks through
the hooks `install` sets there, and the trace wrappers go into JAX's
derivative traces; mpicoll/__init__.py calls `install` once the package is
assembled.
"""

import contextvars
import weakref

from mpicoll._src import config
from mpicoll._src.jax_internals import (ENTRY_CHECKED, JAXPR_PARAMS, REGION_JAXPRS,
                                        bind_when_known, carries_derivative, current_trace,
                                        effect_eqn, jaxpr_eqns, pe, replace_eqns, value_aval,
                                        wrap_custom_rule_calls, wrap_process_primitive)
from mpicoll._src.primitive import (ROLE_PROGRAM, ROLE_TRANSPOSE, MPIPrimitive, differentiable,
                                    install_agreement_checks, mpi_effect, mpi_primitive,
                                    rule_role)


def install():
    """Install the checks (once; mpicoll/__init__.py calls it when the
    package is assembled): `MPIPrimitive`'s hooks, and the wrappers of the
    derivative traces' handling of regions and custom rules."""
    install_agreement_checks(at_bind=_check_custom_call, at_trace=_check_derivatives_agree)
    wrap_process_primitive(_keeping_checks)
    wrap_custom_rule_calls(_checking_custom_calls)


# the check
derivatives_agree_p = mpi_primitive(
    "derivatives_agree", multiple_results=True, abstract_eval=lambda **_: [],
    ffi_attributes=lambda *, comm, differentiates, name: dict(
        comm=comm.handle, kind=int(differentiates), name=tuple(map(ord, name))))


# --- Derivatives agree -------------------------------------------------------
#
# `MPIPrimitive.bind_with_trace` calls `_check_derivatives_agree` for every
# collective bound under a derivative trace.

def _inside_a_rule(role):
    """Whether a partial evaluation (`pe.JaxprTrace`) binding something of
    `role` belongs to a derivative rule (JAX linearizes a JVP rule so), not
    to the program (`jax.linear_transpose`): the rule runs on every rank and
    was checked where its op or region was bound."""
    return role != ROLE_PROGRAM or _in_region_rule.get()


def _check_derivatives_agree(prim, trace, args, params):
    if isinstance(trace, pe.JaxprTrace) and _inside_a_rule(
            params["role"] if params["role"] != ROLE_TRANSPOSE else rule_role.get() or ROLE_PROGRAM):
        # (an equation of a transposed program, transposed again, is checked
        # as the program's own: where a rank dropped the op's result, its
        # transpose received a constant zero cotangent there)
        return
    if not config.derivative_check_enabled() or not any(
            differentiable(value_aval(a)) for a in args):
        return
    differentiates = any(carries_derivative(trace, a) for a in args)
    with current_trace(trace.parent_trace):
        derivatives_agree_p.bind(comm=params["comm"], differentiates=differentiates,
                                 name=prim.name.removeprefix("mpi_"))


# --- Regions some ranks skip -------------------------------------------------
#
# A jitted function, cond, scan, while loop or checkpoint goes through a
# derivative trace as one equation. Where none of its inputs carries a
# derivative on this rank, the trace binds it as a plain computation without
# looking inside, while a rank where some input does carry one
# differentiates the equations inside, each collective after its check
# ("Derivatives agree"). So a skipped region is bound with the same checks
# in its jaxprs, each saying "not differentiated", one before each
# collective: the ranks then compare the same checks in the same order, and
# raise exactly where a collective inside is differentiated on some ranks
# only. A checkpoint differentiated on a rank is also recomputed in that
# rank's backward pass, collectives included, so whether each rank
# differentiates a checkpoint with collectives inside is checked too, before it.

_in_region_rule = contextvars.ContextVar("mpicoll_in_region_rule", default=False)
_skipped_jaxprs = weakref.WeakKeyDictionary()


def _checked(eqn):
    """Whether a derivative trace checks this equation ("Derivatives agree")."""
    prim = eqn.primitive
    return (isinstance(prim, MPIPrimitive) and prim.checks_derivatives and
            any(differentiable(v.aval) for v in eqn.invars))


def _not_differentiated(comm, name, source_info):
    return effect_eqn(derivatives_agree_p, dict(comm=comm, differentiates=False, name=name,
                                                role=ROLE_PROGRAM), mpi_effect, source_info)


def _region_comm(prim, params):
    """The communicator of the first checked collective inside a region."""
    for jaxpr in _region_jaxprs(prim, params):
        for eqn in jaxpr_eqns(jaxpr):
            if _checked(eqn):
                return eqn.params["comm"]
            if eqn.primitive in JAXPR_PARAMS:
                comm = _region_comm(eqn.primitive, eqn.params)
                if comm is not None:
                    return comm
    return None


def _region_jaxprs(prim, params):
    for name in JAXPR_PARAMS[prim]:
        value = params[name]
        values = value if isinstance(value, (tuple, list)) else (value,)
        yield from (v for v in values if v is not None)


def _skipped_jaxpr(jaxpr):
    """`jaxpr` with a "not differentiated" check before each checked
    collective, where a rank that differentiates it checks (the same object
    if it has none)."""
    if jaxpr in _skipped_jaxprs:
        return _skipped_jaxprs[jaxpr]
    eqns, changed = [], False
    for eqn in jaxpr_eqns(jaxpr):
        prim = eqn.primitive
        if _checked(eqn):
            eqns.append(_not_differentiated(eqn.params["comm"], prim.name[4:], eqn.source_info))
            changed = True
        if prim in ENTRY_CHECKED:
            comm = _region_comm(prim, eqn.params)
            if comm is not None:
                eqns.append(_not_differentiated(comm, ENTRY_CHECKED[prim], eqn.source_info))
                changed = True
        if prim in REGION_JAXPRS:
            params = _skipped_params(prim, eqn.params)
            if params is not eqn.params:
                eqn = eqn.replace(params=params)
                changed = True
        eqns.append(eqn)
    result = replace_eqns(jaxpr, eqns) if changed else jaxpr
    _skipped_jaxprs[jaxpr] = result
    return result


def _skipped_params(prim, params):
    """A region's parameters with its jaxprs as `_skipped_jaxpr` makes them
    (the same object if nothing inside is checked)."""
    new = {}
    for name in REGION_JAXPRS[prim]:
        value = params[name]
        if isinstance(value, (tuple, list)):
            skipped = type(value)(map(_skipped_jaxpr, value))
            if any(a is not b for a, b in zip(skipped, value)):
                new[name] = skipped
        elif _skipped_jaxpr(value) is not value:
            new[name] = _skipped_jaxpr(value)
    return {**params, **new} if new else params


def _keeping_checks(trace_class, process_primitive):
    """`process_primitive` of a derivative trace, binding a region it skips
    with its checks (above)."""
    partial_eval = trace_class is pe.JaxprTrace

    def process(trace, prim, tracers, params, /):
        if (prim not in JAXPR_PARAMS or not config.derivative_check_enabled() or
                partial_eval and _inside_a_rule(rule_role.get() or ROLE_PROGRAM)):
            return process_primitive(trace, prim, tracers, params)
        if prim in REGION_JAXPRS:
            skipped = _skipped_params(prim, params)     # cached per jaxpr
            inside = skipped is not params
        else:
            inside = _region_comm(prim, params) is not None
        if not inside:              # no checked collective inside
            return process_primitive(trace, prim, tracers, params)
        differentiates = any(carries_derivative(trace, t) for t in tracers)
        if prim in ENTRY_CHECKED:
            with current_trace(trace.parent_trace):
                derivatives_agree_p.bind(comm=_region_comm(prim, params),
                                         differentiates=differentiates, name=ENTRY_CHECKED[prim])
        if not differentiates and prim in REGION_JAXPRS:
            if partial_eval:
                return bind_when_known(trace, prim, tracers, skipped)
            return process_primitive(trace, prim, tracers, skipped)
        if not differentiates or partial_eval:
            # custom_linear_solve not differentiated here, checked above; or
            # jax.linear_transpose: the region's equations are checked
            return process_primitive(trace, prim, tracers, params)
        # the region's own rule: the partial evaluation JAX may use inside it
        # is not the program's (compare `_check_derivatives_agree`)
        token = _in_region_rule.set(True)
        try:
            return process_primitive(trace, prim, tracers, params)
        finally:
            _in_region_rule.reset(token)
    return process


# --- Custom rules some ranks skip ---------------------------------------------
#
# A `jax.custom_jvp` or `custom_vjp` function goes through a derivative trace
# as one call: a rank where an input carries a derivative runs the rule
# (custom JVP, or forward pass then backward rule), a rank where none does
# runs the function. The rule's collectives are the user's, bound as plain
# operations, and need not match the function's, so the per-operation check
# cannot pair them. Instead the first checked collective inside the call,
# on either side, is preceded by a check saying which side this rank is
# on: where ranks disagree every rank raises there, before any collective
# of the rule or the function. (The rule and the function are expected to
# make their first such collective on the same communicator, as a rule that
# calls the function does.) Under `jax.linear_transpose` (partial
# evaluation) a rank where an input is unknown stages the function to
# transpose it later, and a rank where all are known runs it at once: the
# same check tells them apart.

class _CustomCall:
    __slots__ = ("differentiates", "unchecked")

    def __init__(self, differentiates):
        self.differentiates, self.unchecked = differentiates, True


_custom_call = contextvars.ContextVar("mpicoll_custom_call", default=None)


def _check_custom_call(prim, args, params):
    """`MPIPrimitive.bind` of a checked collective: the check of the custom
    call it is bound in, if that is still to come."""
    custom = _custom_call.get()
    if custom is None or not custom.unchecked or not any(
            differentiable(value_aval(a)) for a in args):
        return
    custom.unchecked = False
    derivatives_agree_p.bind(comm=params["comm"], differentiates=custom.differentiates,
                             name=f"{prim.name.removeprefix('mpi_')} inside a custom_jvp "
                                  "or custom_vjp function")


def _checking_custom_calls(trace_class, process_custom_call):
    partial_eval = trace_class is pe.JaxprTrace

    def process(trace, *args, **params):
        # A call inside a custom call whose check is still to come (the rule
        # calling the function, under an outer jvp say) belongs to that
        # check, as does partial evaluation inside a custom call (JAX's
        # linearization of its rule).
        outer = _custom_call.get()
        if (not config.derivative_check_enabled() or outer is not None and outer.unchecked
                or partial_eval and (_inside_a_rule(rule_role.get() or ROLE_PROGRAM) or outer)):
            return process_custom_call(trace, *args, **params)
        differentiates = any(carries_derivative(trace, t) for t in args[-1])
        token = _custom_call.set(_CustomCall(differentiates))
        try:
            return process_custom_call(trace, *args, **params)
        finally:
            _custom_call.reset(token)
    return process
