"""Trace-time checks of user arguments: ranks, tags, ops, dtypes (communicators:
`mpicoll._src.comms`).

Every check raises TypeError/ValueError naming the argument, before anything
is staged or sent, so a mistake never reaches MPI.
"""

import operator

import numpy as np
import jax
import jax.numpy as jnp
from mpi4py import MPI


_RANKS_AND_TAGS = ("Ranks and tags decide which messages match, so they cannot depend on "
                   "array data inside jit/vmap; compute them outside the traced function.")


def static_int(value, name, *, why=_RANKS_AND_TAGS):
    """`value` as a Python int; a TypeError (saying `why` it must be static)
    for traced values, bools and non-integers. Used for every argument that
    shapes the MPI calls: ranks, tags, counts, halo widths."""
    if isinstance(value, jax.core.Tracer):
        raise TypeError(f"{name} must be a Python int known at trace time, got a traced "
                        f"value. {why}")
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be an int, got bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an int, got {type(value).__name__}") from None


def check_rank(value, name, comm, *, allow_any_source=False):
    """A peer rank: 0 <= rank < comm size, or MPI.PROC_NULL (or ANY_SOURCE)."""
    rank = static_int(value, name)
    if rank == MPI.PROC_NULL or (allow_any_source and rank == MPI.ANY_SOURCE):
        return rank
    if not 0 <= rank < comm.size:
        extra = ", MPI.ANY_SOURCE" if allow_any_source else ""
        raise ValueError(
            f"{name}={rank} is not a rank of the communicator (size {comm.size}); "
            f"use 0..{comm.size - 1}, MPI.PROC_NULL{extra}")
    return rank


def check_root(value, comm, name="root"):
    """The rank that roots a collective: 0 <= root < comm size."""
    root = static_int(value, name, why="The root decides who sends and who receives.")
    if not 0 <= root < comm.size:
        raise ValueError(f"{name}={root} is not a rank of the communicator (size {comm.size}); "
                         f"use 0..{comm.size - 1}")
    return root


_COUNTS_ARE_STATIC = "Counts decide message sizes and the result's shape."


def check_counts(counts, name, size):
    """One non-negative Python int per rank, as a tuple."""
    if isinstance(counts, jax.core.Tracer):
        raise TypeError(f"{name} must be Python ints known at trace time, got a traced array")
    if isinstance(counts, (dict, set, frozenset, str, bytes)):    # iterable, but not in rank order
        raise TypeError(f"{name} must be a sequence of ints, one per rank in rank order, "
                        f"got a {type(counts).__name__}")
    try:
        values = tuple(counts)
    except TypeError:
        raise TypeError(f"{name} must be a sequence of ints, got {type(counts).__name__}") from None
    if len(values) != size:
        raise ValueError(f"{name} needs one entry per rank ({size}), got {len(values)}")
    result = tuple(static_int(v, f"{name}[{i}]", why=_COUNTS_ARE_STATIC)
                   for i, v in enumerate(values))
    if min(result, default=0) < 0:
        raise ValueError(f"{name} must be non-negative, got {values}")
    return result


def check_rows(x, rows, name, what):
    """`x` has at least one axis and `rows` rows (slices along axis 0)."""
    if x.ndim == 0:
        raise ValueError(f"{name} needs at least one axis (counts are rows, slices along "
                         f"axis 0); got a scalar")
    if x.shape[0] != rows:
        raise ValueError(f"{name}.shape[0] = {x.shape[0]} must equal {what} = {rows}")


class _NotSet:
    """The default of the operations' ``token`` argument, so that any value
    passed, ``None`` included, is refused (as mpi4jax >= 0.8 does): code
    written for mpi4jax < 0.8 passes ``token=None`` and unpacks
    ``result, token = ...``, which on a plain array would silently split
    its first axis."""

    def __repr__(self):
        return "NOTSET"


NOTSET = _NotSet()


def reject_token(token):
    """mpi4jax < 0.8 threaded tokens by hand; mpicoll orders operations itself."""
    if token is not NOTSET:
        raise RuntimeError(
            "mpicoll operations take no token argument: every rank runs its MPI "
            "operations in program order automatically (also inside jit, loops and "
            "grad), as in mpi4jax >= 0.8. Remove token= and drop the token from "
            "the results.")


# Point-to-point messages carry their kind (differentiated or not, derivative
# or not) in the low bits of the MPI tag (see "message kinds" in
# point_to_point.pxi), so one user tag takes TAG_SPAN MPI tags. Checked
# against _ffi at import.
TAG_SPAN = 8


def max_tag():
    """The largest message tag ``send``, ``recv`` and ``sendrecv`` accept.

    Returns:
      ``MPI.TAG_UB // 8`` (an int): mpicoll keeps each message's kind
      (ordinary, differentiated, derivative) in the low 3 bits of the MPI
      tag, so that ranks can check that they differentiate the same
      messages. At least 4095 with any MPI (the MPI standard guarantees
      ``MPI.TAG_UB >= 32767``); 67108863 with MPICH, 268435455 with Open MPI.
    """
    return MPI.COMM_WORLD.Get_attr(MPI.TAG_UB) // TAG_SPAN


def check_tag(value, name, *, allow_any_tag=False):
    """A message tag: 0 <= tag <= max_tag() (or ANY_TAG)."""
    tag = static_int(value, name)
    if allow_any_tag and tag == MPI.ANY_TAG:
        return tag
    upper = max_tag()
    if not 0 <= tag <= upper:
        raise ValueError(f"{name}={tag} is not a valid tag; use 0..{upper} (MPI.TAG_UB // "
                         f"{TAG_SPAN}: mpicoll keeps the message kind in the low bits)")
    return tag


SUPPORTED_DTYPES = tuple(np.dtype(d) for d in (
    np.bool_, np.int8, np.int16, np.int32, np.int64,
    np.uint8, np.uint16, np.uint32, np.uint64,
    jnp.float16, jnp.bfloat16, np.float32, np.float64,
    np.complex64, np.complex128))


def as_array(x, name):
    """`x` as a JAX array (or tracer) of a dtype MPI can move."""
    if not isinstance(x, jax.Array):     # jnp.asarray of an array costs 70 Python calls
        try:
            x = jnp.asarray(x)
        except TypeError as exc:
            raise TypeError(f"{name} must be an array, got {type(x).__name__}: {exc}") from None
    if x.dtype not in SUPPORTED_DTYPES:
        raise TypeError(
            f"{name} has dtype {x.dtype}, which mpicoll does not support; supported: "
            + ", ".join(str(d) for d in SUPPORTED_DTYPES))
    return x


# Reduction operations: code shared with the handlers (datatypes.pxi,
# OP_*), and the dtype kinds MPI defines them for (MPI 4.1, section 6.9.2).
_OP_TABLE = (
    # name,  mpi4py op, code, kinds
    ("SUM", MPI.SUM, 0, "iufc"),
    ("PROD", MPI.PROD, 1, "iufc"),
    ("MIN", MPI.MIN, 2, "iuf"),
    ("MAX", MPI.MAX, 3, "iuf"),
    ("LAND", MPI.LAND, 4, "biu"),
    ("LOR", MPI.LOR, 5, "biu"),
    ("LXOR", MPI.LXOR, 6, "biu"),
    ("BAND", MPI.BAND, 7, "iu"),
    ("BOR", MPI.BOR, 8, "iu"),
    ("BXOR", MPI.BXOR, 9, "iu"),
)
OP_NAMES = {code: name for name, _, code, _ in _OP_TABLE}
OP_CODES = {name: code for name, _, code, _ in _OP_TABLE}


def _dtype_kind(dtype):
    return "f" if dtype == jnp.bfloat16 else dtype.kind


def check_op(op, dtype):
    """The reduction code for mpi4py op `op` on `dtype`, or a clear error."""
    if not isinstance(op, MPI.Op):
        raise TypeError(f"op must be an mpi4py reduction such as MPI.SUM, got {type(op).__name__}")
    for name, mpi_op, code, kinds in _OP_TABLE:
        if op == mpi_op:
            if _dtype_kind(dtype) not in kinds:
                allowed = [n for n, _, _, k in _OP_TABLE if _dtype_kind(dtype) in k]
                raise TypeError(
                    f"op MPI.{name} is not defined for dtype {dtype} in MPI; "
                    f"allowed for this dtype: {', '.join('MPI.' + a for a in allowed)}")
            return code
    raise ValueError(
        "op must be a predefined MPI reduction (MPI.SUM, PROD, MIN, MAX, LAND, LOR, "
        "LXOR, BAND, BOR, BXOR); MINLOC/MAXLOC, REPLACE, NO_OP and user-defined "
        "operations are not supported")
