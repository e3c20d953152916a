"""What this llama.cpp build can do with a GPU, and how much of a model goes there.

llama-cpp-python's wheel from PyPI is built for the CPU only; a CUDA, Metal or Vulkan build
registers that backend in ggml's registry, which is read here through ggml's C API (the
same library llama-cpp-python loads), with each device's free memory.
"""

import ctypes
from dataclasses import dataclass, field
from pathlib import Path

from sensemaking_desktop.settings import Settings

_GPU_DEVICE_TYPES = (1, 2)
"""ggml_backend_dev_type: 0 CPU, 1 GPU, 2 integrated GPU, 3 accelerator."""


@dataclass(frozen=True)
class GpuDevice:
    name: str
    description: str
    free_bytes: int
    total_bytes: int


@dataclass(frozen=True)
class GpuReport:
    offload: bool
    """llama_supports_gpu_offload(): the build has a GPU backend."""
    backends: list[str] = field(default_factory=list)
    """ggml's registered backends, e.g. ["CUDA", "CPU"]."""
    devices: list[GpuDevice] = field(default_factory=list)

    @property
    def free_bytes(self) -> int:
        return max((device.free_bytes for device in self.devices), default=0)

    def as_json(self) -> dict:
        return {
            "offload": self.offload,
            "backends": self.backends,
            "devices": [device.__dict__ for device in self.devices],
        }


@dataclass(frozen=True)
class OffloadPlan:
    layers: int
    """Layers llama.cpp is asked to put on the GPU (0: none)."""
    total_layers: int | None
    reason: str
    """Why none or not all, or what goes where; one sentence."""


def gpu_report() -> GpuReport:
    import llama_cpp

    offload = bool(llama_cpp.llama_supports_gpu_offload())
    try:
        backends, devices = _registry()
    except (AttributeError, OSError):
        backends, devices = [], []
    return GpuReport(offload, backends, devices)


def offload_plan(report: GpuReport, settings: Settings, model_path: Path, model_bytes: int) -> OffloadPlan:
    """How many layers of this model go to the GPU with these settings, and why."""
    total = _block_count(model_path)
    if not report.offload:
        return OffloadPlan(
            0, total, "this llama.cpp build has no GPU backend, so it runs on the CPU (see docs/models.md, GPU)"
        )
    if settings.gpu_layers == 0:
        return OffloadPlan(0, total, "offloading is switched off in the settings (gpu_layers 0)")
    layers = total if settings.gpu_layers < 0 or total is None else min(settings.gpu_layers, total)
    layers = layers if layers is not None else settings.gpu_layers
    free = report.free_bytes
    if free and total and model_bytes > free:
        fit = int(total * free / model_bytes * 0.9)
        return OffloadPlan(
            layers,
            total,
            f"the model ({model_bytes / 1e9:.1f} GB) is larger than the free GPU memory ({free / 1e9:.1f} GB): "
            f"set gpu_layers to about {fit} so the rest stays on the CPU",
        )
    where = ", ".join(device.description or device.name for device in report.devices) or "the GPU"
    return OffloadPlan(layers, total, f"offloaded to {where}")


def _registry() -> tuple[list[str], list[GpuDevice]]:
    from llama_cpp import _ggml

    lib = _ggml.libggml
    lib.ggml_backend_reg_count.restype = ctypes.c_size_t
    lib.ggml_backend_reg_get.restype = ctypes.c_void_p
    lib.ggml_backend_reg_get.argtypes = [ctypes.c_size_t]
    lib.ggml_backend_reg_name.restype = ctypes.c_char_p
    lib.ggml_backend_reg_name.argtypes = [ctypes.c_void_p]
    lib.ggml_backend_dev_count.restype = ctypes.c_size_t
    lib.ggml_backend_dev_get.restype = ctypes.c_void_p
    lib.ggml_backend_dev_get.argtypes = [ctypes.c_size_t]
    for function in (lib.ggml_backend_dev_name, lib.ggml_backend_dev_description):
        function.restype = ctypes.c_char_p
        function.argtypes = [ctypes.c_void_p]
    lib.ggml_backend_dev_type.restype = ctypes.c_int
    lib.ggml_backend_dev_type.argtypes = [ctypes.c_void_p]
    lib.ggml_backend_dev_memory.restype = None
    lib.ggml_backend_dev_memory.argtypes = [
        ctypes.c_void_p,
        ctypes.POINTER(ctypes.c_size_t),
        ctypes.POINTER(ctypes.c_size_t),
    ]
    backends = [
        (lib.ggml_backend_reg_name(lib.ggml_backend_reg_get(index)) or b"").decode()
        for index in range(lib.ggml_backend_reg_count())
    ]
    devices = []
    for index in range(lib.ggml_backend_dev_count()):
        device = lib.ggml_backend_dev_get(index)
        if lib.ggml_backend_dev_type(device) not in _GPU_DEVICE_TYPES:
            continue
        free, total = ctypes.c_size_t(), ctypes.c_size_t()
        lib.ggml_backend_dev_memory(device, ctypes.byref(free), ctypes.byref(total))
        name = (lib.ggml_backend_dev_name(device) or b"").decode()
        description = (lib.ggml_backend_dev_description(device) or b"").decode()
        devices.append(GpuDevice(name, description, free.value, total.value))
    return backends, devices


def _block_count(path: Path) -> int | None:
    from sensemaking_desktop.llm.gguf import read_metadata

    metadata = read_metadata(path)
    value = metadata.get(f"{metadata.get('general.architecture', 'llama')}.block_count")
    return int(value) if value and str(value).isdigit() else None
