"""Distributed, differentiable 3-D FFTs on slab and pencil decompositions.

See `mpicoll._src.fft` for the layouts and docs/fft3d.md for a tutorial.
"""

from mpicoll._src.fft import fft3d, fftfreq, ifft3d, irfft3d, local_slices, rfft3d

__all__ = ["fft3d", "ifft3d", "rfft3d", "irfft3d", "local_slices", "fftfreq"]
