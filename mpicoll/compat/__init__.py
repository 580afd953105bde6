"""Compatibility layers for code written against older APIs.

``mpicoll.compat.mpi4jax_v07``: mpi4jax < 0.8's calling convention (every
operation takes ``token=`` and returns a token), for tutorials and talks
written for those versions.
"""
