"""The halo exchange in two halves, so the interior is computed while halos travel.

``request = halo_exchange_start(x, halo, comm)`` posts every message the
exchange needs; ``halo_exchange_finish(request)`` waits for them and
returns what ``halo_exchange(x, halo, comm)`` returns, bit for bit. Between
the two the program computes whatever does not need the halos (a
stencil's interior), and the messages travel meanwhile (docs/halo.md,
"Overlapping the exchange with the interior").

Algorithm. `halo_exchange` fills corners by exchanging one grid dimension
after the other, each stage carrying the halos of the previous ones; that
order cannot be posted at once. Here every halo region is one message from
the rank that holds its cells, all posted together: for each direction
``s`` in {-1, 0, 1}^d (not all 0) this rank's halo region on side ``s``
comes from the rank displaced by ``s``. Where that displacement leaves the
grid across a non-periodic boundary along some axes, it is dropped along
those axes, and the cells come from the same-side boundary halo of the
rank displaced along the others: exactly what the sequential algorithm
leaves there (`halo_exchange`'s docstring, corners beyond a non-periodic
boundary). A region with no displacement left stays as it is. So each
rank sends, per direction, to every rank whose region it holds (one, or
more next to a non-periodic boundary).

Per direction, the receive and one of the sends are one `isendrecv` (a
shift: what this rank sends along -s and receives from +s); a send or
receive left over is an `isendrecv` with one side `MPI.PROC_NULL`. The
finish writes every request's result into the block: a receive's into its
halo region, a lone send's (which, receiving nothing, is its receive
template: the region it sent, bit for bit) back where it came from. So
every request has a cotangent of its own and its transpose is again an
`isendrecv`: the
derivatives (nonblocking, as the operation's), `vmap`, and a backward pass
transformed again (jvp of grad, transposing twice) all work, with the
derivatives of `halo_exchange`. (A send-only region is never a receive's
region: receives fill halos that have a neighbour, sends read interior
cells, or boundary halos, which have none along that axis.)

Imports: `halo` (argument checks) and the nonblocking operations.
"""

import dataclasses
import itertools

import jax
import jax.numpy as jnp
from jax import lax
from mpi4py import MPI

from mpicoll._src.halo import _validate
from mpicoll._src.ops.nonblocking import _isendrecv, wait

# Tags: _TAG_BASE + the direction's index among the 3^d directions (at most
# 26), below halo.py's (0xF00..0xF05) and 4095 = 32767 // 8.
_TAG_BASE = 0xE00


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass(eq=False)
class HaloRequest:
    """A started halo exchange: pass it to `halo_exchange_finish` once.

    A pytree (the block and the requests of its messages), so it can be
    returned from a jitted function or carried through `lax` loops."""
    x: jax.Array
    messages: tuple      # ((region spans, Request), ...)
    finished: bool = dataclasses.field(default=False, compare=False)

    def tree_flatten(self):
        spans = tuple(s for s, _ in self.messages)
        return (self.x, tuple(r for _, r in self.messages)), spans

    @classmethod
    def tree_unflatten(cls, spans, children):
        x, requests = children
        return cls(x, tuple(zip(spans, requests)))


def _span(side, n, h, *, halo):
    """Index range along one axis: the halo on `side` (halo=True), the
    interior cells next to `side` (halo=False), or the whole interior (side 0)."""
    if side == 0:
        return (h, h + n)
    if halo:
        return (0, h) if side < 0 else (n + h, n + 2 * h)
    return (h, 2 * h) if side < 0 else (n, n + h)


def _region(x, spans):
    starts = [a for a, _ in spans] + [0] * (x.ndim - len(spans))
    stops = [b for _, b in spans] + list(x.shape[len(spans):])
    return lax.slice(x, starts, stops)


def _cart_rank(grid, coords):
    return grid.comm.Get_cart_rank([c % dims for c, dims in zip(coords, grid.dims)])


def halo_exchange_start(x, halo, comm, *, periodic=None):
    """Start ``halo_exchange(x, halo, comm, periodic=periodic)``: post every
    halo message and return at once.

    Args:
      x, halo, comm, periodic: as for `mpicoll.halo_exchange`.

    Returns:
      A `HaloRequest` (a pytree): give it to `halo_exchange_finish`, once,
      on every rank, in the same order as other starts and waits. Compute
      what does not need the halos in between (a stencil's interior): the
      messages travel meanwhile. What is sent is copied when the start
      runs, so ``x`` may be changed or donated right after; the finish
      fills the halos of the ``x`` given here.

    Gradients: those of `halo_exchange` (jvp exchanges the tangent, the
    transpose adds each halo cotangent into the neighbour's cell), with
    nonblocking derivative messages; ``vmap`` over any axis after the grid
    axes.

    Raises:
      As `mpicoll.halo_exchange`, on every rank alike.
    """
    x, grid, widths, periods, _ = _validate(x, halo, comm, periodic, "halo_exchange_start")
    d = grid.ndim
    n = [x.shape[i] - 2 * widths[i] for i in range(d)]
    # along an axis with no exchange (width 0, or one rank and not periodic)
    # every displacement is dropped
    moves = [widths[i] > 0 and (grid.dims[i] > 1 or periods[i]) for i in range(d)]
    at_edge = [{-1: grid.coords[i] == 0 and not periods[i],
                1: grid.coords[i] == grid.dims[i] - 1 and not periods[i]} for i in range(d)]
    planned = []            # (spans written, sendbuf, receive template, source, dest, tag)
    directions = [s for s in itertools.product((-1, 0, 1), repeat=d) if any(s)]
    for index, s in enumerate(directions):
        if any(s[i] and widths[i] == 0 for i in range(d)):
            continue                  # no halo cells on that side
        tag = _TAG_BASE + index
        # receive: this rank's halo on side s, from the rank displaced by s
        # (along the axes where that stays inside the grid)
        kept = [s[i] if s[i] and moves[i] and not at_edge[i][s[i]] else 0 for i in range(d)]
        receive = None
        if any(kept):
            spans = tuple(_span(s[i], n[i], widths[i], halo=True) for i in range(d))
            source = _cart_rank(grid, [grid.coords[i] + kept[i] for i in range(d)])
            receive = (spans, _region(x, spans), source)
        # send: to every rank whose halo on side s this rank's cells fill
        options = []
        for i in range(d):
            if not s[i]:
                options.append([(0, False)])            # same coordinate, interior extent
                continue
            here = []
            if moves[i] and not (not periods[i] and not 0 <= grid.coords[i] - s[i] < grid.dims[i]):
                here.append((-s[i], False))             # the neighbour: interior cells
            if not moves[i] or at_edge[i][s[i]]:
                here.append((0, True))                  # same coordinate: boundary halo
            options.append(here)
        sends = []
        for choice in itertools.product(*options):
            if not any(step for step, _ in choice):
                continue                                 # this rank itself: nothing moves
            # a halo keeps its side; interior cells face the receiver
            spans = tuple(_span(s[i] if choice[i][1] else -s[i], n[i], widths[i],
                                halo=choice[i][1]) for i in range(d))
            dest = _cart_rank(grid, [grid.coords[i] + choice[i][0] for i in range(d)])
            sends.append((spans, _region(x, spans), dest))
        # The receive and the first send travel as one isendrecv (a shift
        # along s): half the requests, and so half the derivative requests
        # and ties to compile. Its result is the received halo; the sent
        # cells get their cotangent through the isendrecv's transpose.
        if receive is not None:
            spans, template, source = receive
            cells, dest = (sends[0][1], sends[0][2]) if sends else (jnp.zeros((0,), x.dtype),
                                                                    MPI.PROC_NULL)
            planned.append((spans, cells, template, source, dest, tag))
            sends = sends[1:]
        # A send alone receives nothing: its result is its template, the
        # cells it sent, written back where they came from, so that it too
        # has a cotangent of its own.
        planned.extend((spans, cells, cells, MPI.PROC_NULL, dest, tag)
                       for spans, cells, dest in sends)
    # every message's data is cut out before the first start: inside the
    # starts' regions each cut would be tied after a start (overlap.py)
    messages = tuple((spans, _isendrecv(sendbuf, template, source, dest, sendtag=tag,
                                        recvtag=tag, comm=grid.comm))
                     for spans, sendbuf, template, source, dest, tag in planned)
    return HaloRequest(x, messages)


def halo_exchange_finish(request):
    """Complete a `halo_exchange_start`: wait for its messages and return
    the block with its halos filled, equal to what `mpicoll.halo_exchange`
    returns for the same arguments, bit for bit.

    Raises:
      TypeError: ``request`` is not a `HaloRequest`.
      ValueError: the request was finished already.
    """
    if not isinstance(request, HaloRequest):
        raise TypeError(f"halo_exchange_finish: request must be the HaloRequest "
                        f"halo_exchange_start returned, got {type(request).__name__}")
    if request.finished:
        raise ValueError("halo_exchange_finish: this HaloRequest was finished already; "
                         "every start is finished exactly once")
    request.finished = True
    x = request.x
    for spans, message in request.messages:
        x = x.at[tuple(slice(a, b) for a, b in spans)].set(wait(message))
    return x
