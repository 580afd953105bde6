"""The one mechanism every MPI primitive uses: declaration, ordering, lowering.

An op module declares its primitive with `mpi_primitive(...)`, giving the
abstract evaluation and the FFI attributes; this module does the rest the same
way for all ops:

* **Ordering.** Every primitive carries `mpi_effect`, an *ordered* JAX effect.
  JAX then threads a token through every MPI op in program order: through
  jit-of-jit, `lax.cond`, `while_loop`, `scan`, `checkpoint`, the backward pass
  of `grad`, and across separately jitted calls (runtime tokens). The lowering
  passes that token to the custom call and takes the new token from it, so XLA
  sees a data dependency from each MPI op to the next: it can neither reorder
  them nor run two at once. The effect also keeps JAX from dropping an op
  whose result is unused (its partner rank is waiting for it), and the custom
  call's side-effect flag keeps XLA from dropping or merging it.

  Cost: JAX runs a computation that has an ordered effect outside its C++
  fast dispatch path (measured in the README, "Ordering and its cost"). The
  mechanism lives only here, so it can be swapped without touching the ops.

* **Lowering.** One FFI custom call, target ``mpicoll_<name>``, with operands
  in row-major layout (XLA transposes whatever layout it chose), the ordering
  token last, and the op's attributes as int64 scalars.

* **Eager use.** The impl compiles the primitive alone (JAX's standard
  `apply_primitive`), so eager calls run the same handler as jitted ones.
"""

import functools
import inspect

from jax.extend.core import Primitive
from jax._src import dispatch, effects
from jax._src.interpreters import mlir
from jax._src.lib.mlir.dialects import hlo

from mpicoll._src import bridge  # noqa: F401  (registers the FFI targets)


class MPIEffect(effects.Effect):
    """Marks an operation that talks to other MPI ranks."""

    def __str__(self):
        return "MPI"

    __repr__ = __str__


mpi_effect = MPIEffect()

for _allowed in (effects.ordered_effects, effects.lowerable_effects,
                 effects.control_flow_allowed_effects,
                 effects.custom_derivatives_allowed_effects,
                 effects.remat_allowed_effects):
    _allowed.add_type(MPIEffect)


def mpi_primitive(name, *, abstract_eval, ffi_attributes, multiple_results=False,
                  operand_output_aliases=None):
    """Declare an MPI primitive.

    Args:
      name: the op's name; the FFI handler is registered as ``mpicoll_<name>``.
      abstract_eval: ``(*avals, **params) -> aval(s)`` of the results.
      ffi_attributes: ``(**params) -> dict[str, int]``, the handler's attributes.
      multiple_results: whether the primitive returns a tuple.
      operand_output_aliases: ``{operand index: result index}`` for results
        that start as a copy of an operand (XLA copies only when the operand
        is still needed elsewhere).

    Returns:
      The `Primitive`; the op module registers its JVP, transpose and
      batching rules next to its definition.
    """
    prim = Primitive(f"mpi_{name}")
    prim.multiple_results = multiple_results
    prim.def_impl(functools.partial(dispatch.apply_primitive, prim))

    def effectful_abstract_eval(*avals, **params):
        return abstract_eval(*avals, **params), {mpi_effect}

    prim.def_effectful_abstract_eval(effectful_abstract_eval)
    mlir.register_lowering(
        prim, functools.partial(_lower, target=f"mpicoll_{name}",
                                ffi_attributes=ffi_attributes,
                                aliases=operand_output_aliases),
        platform="cpu")
    return prim


if "ctx" in inspect.signature(mlir.aval_to_ir_type).parameters:   # jax >= 0.8
    def _ir_type(ctx, aval):
        return mlir.aval_to_ir_type(ctx.module_context, aval)
else:
    def _ir_type(ctx, aval):
        return mlir.aval_to_ir_type(aval)


def _row_major(aval):
    return tuple(range(len(aval.shape) - 1, -1, -1))


def _lower(ctx, *operands, target, ffi_attributes, aliases, **params):
    token = ctx.tokens_in.get(mpi_effect)
    result_types = [_ir_type(ctx, aval) for aval in ctx.avals_out]
    attributes = {key: mlir.i64_attr(int(value))
                  for key, value in ffi_attributes(**params).items()}
    call = mlir.custom_call(
        target,
        result_types=[*result_types, hlo.TokenType.get()],
        operands=[*operands, token],
        backend_config=attributes,
        has_side_effect=True,
        api_version=4,
        operand_output_aliases=aliases,
        operand_layouts=[*map(_row_major, ctx.avals_in), ()],
        result_layouts=[*map(_row_major, ctx.avals_out), ()],
    )
    *results, token_out = call.results
    ctx.set_tokens_out(mlir.TokenSet({mpi_effect: token_out}))
    return results
