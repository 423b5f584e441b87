"""The application's global help(): topics through get_help_text, modules and operations through their help."""
import builtins
import pydoc
import types

import motion

_TOPICS = ("overview", "modules", "types", "signatures", "changelog")


def help(subject=None):  # noqa: A001 - replaces the builtin on purpose, as the application's console does
    """help() introduces the package; help("topic"), help(module) and help(operation) explain one thing."""
    if subject is None or (isinstance(subject, str) and subject in _TOPICS):
        print(motion.utilities.documentation.get_help_text(subject))
    elif isinstance(subject, types.ModuleType) and subject.__name__.startswith("motion") and hasattr(subject, "help"):
        print(subject.help(None))
    elif callable(subject) and getattr(subject, "__module__", "").startswith("motion") and hasattr(motion, "utilities"):
        import sys

        module = sys.modules.get(subject.__module__)
        print(module.help(subject.__name__) if module is not None and hasattr(module, "help") else subject.__doc__)
    else:
        pydoc.help(subject)


def install():
    builtins.help = help
