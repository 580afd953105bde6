"""`jax.linear_transpose` of `mpicoll.spmd` over several devices per process.

`jax.linear_transpose` evaluates a program partially (JAX's `JaxprTrace`)
and runs at once the part it finds known. In spmd's jitted program over a
process's devices that known part is a `shard_map` over those devices
holding only the derivative-agreement checks, which have no operands; run
on its own it is compiled for one device, where the `shard_map` cannot be
lowered. So when spmd is called under partial evaluation with several
devices per process, its program is bound as one primitive,
`linear_program_p`, which partial evaluation keeps whole:

* its transpose is the program's `jax.vjp` at zero (the program is
  linear, so every point gives the same transpose), bound as the same
  primitive marked transposed, whose transpose is the program again, so
  that transposing twice works too; each direction runs as spmd's own
  jitted program over the local devices, collectives and checks included
  (computed as that program wherever it is not being transposed again, so
  the primitive itself is never compiled);
* the program must be linear, as `jax.linear_transpose` requires: JAX's
  own transpose of the `shard_map` program is traced first, abstractly,
  and raises JAX's error where the body is not linear (a vjp at zero would
  otherwise transpose its linearization silently).

Imports: JAX, `jax_internals`, `dispatched_work` and `primitive` (the MPI
effect) only; `spmd` imports it.
"""

import functools

import jax
import jax.numpy as jnp
from jax.extend.core import Primitive
from jax.interpreters import ad

from mpicoll._src import jax_internals as ji
from mpicoll._src.dispatched_work import run_alone
from mpicoll._src.primitive import mpi_effect


class LinearProgram:
    """One linear program of spmd's, called under partial evaluation:
    `run(*blocks)` (a tree of results), its argument and result types.
    Compared by identity: a primitive parameter, one per call of spmd."""

    def __init__(self, run, blocks):
        self.run = run
        self.in_avals = [ji.core.ShapedArray(jnp.shape(x), jnp.result_type(x)) for x in blocks]
        shapes = jax.eval_shape(run, *[jax.ShapeDtypeStruct(a.shape, a.dtype)
                                       for a in self.in_avals])
        leaves, self.out_tree = jax.tree.flatten(shapes)
        self.out_avals = [ji.core.ShapedArray(s.shape, s.dtype) for s in leaves]

    def forward(self, *blocks):
        return jax.tree.leaves(self.run(*blocks))

    @functools.cached_property
    def pullback_at_zero(self):
        """The program's vjp at zero as one jitted program (the forward pass
        and the backward pass in one launch), made once: a transposed
        function called again runs it again without tracing anew."""
        def pullback(*cts):
            zeros = [jnp.zeros(a.shape, a.dtype) for a in self.in_avals]
            return list(jax.vjp(self.forward, *zeros)[1](list(cts)))
        return jax.jit(pullback)


def bind_linear(program, check_linear, blocks):
    """spmd's results for `blocks` under partial evaluation, as one
    `linear_program_p` (after `check_linear()`, which raises where the
    program is not linear)."""
    check_linear()
    outs = linear_program_p.bind(*blocks, program=program, transposed=False)
    return jax.tree.unflatten(program.out_tree, outs)


def _run(*xs, program, transposed):
    run = program.pullback_at_zero if transposed else program.forward
    if not ji.at_top_level():
        return run(*xs)
    return run_alone(run, *xs)      # a launch: alone where JAX needs it


def _types(*xs, program, transposed):
    return (program.in_avals if transposed else program.out_avals), {mpi_effect}


def _transpose(cts, *xs, program, transposed):
    cts = [ad.instantiate_zeros(ct) for ct in cts]
    if any(isinstance(ct, ji.pe.JaxprTracer) for ct in cts):
        # a transpose being transposed: kept whole for that, as the program was
        return linear_program_p.bind(*cts, program=program, transposed=not transposed)
    # computed as spmd's own program (under jit, staged as that program,
    # which carries the mesh of the local devices: the primitive is never
    # lowered, so jit never compiles it for one default device)
    return _run(*cts, program=program, transposed=not transposed)


linear_program_p = Primitive("spmd_linear_program")
linear_program_p.multiple_results = True
linear_program_p.def_impl(_run)
linear_program_p.def_effectful_abstract_eval(_types)
ad.deflinear2(linear_program_p, _transpose)
