"""A matplotlib backend for notebook cells (MPLBACKEND=module://motion_inline): figures are drawn
with Agg, and plt.show() shows them in the cell that runs, as Jupyter's inline backend does."""
import __main__
from matplotlib.backends.backend_agg import FigureCanvasAgg as FigureCanvas  # noqa: F401 - the backend's canvas
from matplotlib.backend_bases import FigureManagerBase as FigureManager  # noqa: F401 - the backend's manager


def show(*args, **kwargs):
    __main__.show_figures()
