"""Halo exchange on Cartesian process grids (see docs/halo.md).

* `halo_exchange(x, halo, comm, *, periodic=None)`: fill the halo cells of
  this rank's padded block from its neighbours (edges and corners included);
  differentiable, with the true adjoint as its transpose.
* `halo_accumulate(x, halo, comm, *, periodic=None)`: its adjoint: add every
  halo cell into the neighbour's cell it stands for (particle deposits).
* `halo_exchange_start(x, halo, comm, *, periodic=None)` and
  `halo_exchange_finish(request)`: the exchange in two halves, to compute
  the interior while the halos travel.
* `pad_and_exchange(x, halo, comm, ...)`: pad an interior block, then exchange.
* `interior(x, halo, comm)`: strip the halo cells.
* `local_slices(global_shape, comm)`: this rank's interior block of the
  global array (the decomposition `mpicoll.fft` uses too).
"""

from mpicoll._src.halo import (halo_accumulate, halo_exchange, interior, local_slices,
                               pad_and_exchange)
from mpicoll._src.halo_overlap import HaloRequest, halo_exchange_finish, halo_exchange_start

__all__ = ["halo_accumulate", "halo_exchange", "halo_exchange_start", "halo_exchange_finish",
           "HaloRequest", "interior", "local_slices", "pad_and_exchange"]
