"""The build: the code as pyproject.toml says, plus the data a GM edits beside it.

``gamedata/``, ``grammar/`` and ``templates/`` live at the top of the
repository so that a GM can read and correct them; a wheel (``pip install .``)
carries them inside the package as ``judge/_data/<name>/``, where
``judge/paths.py`` finds them.  An editable install reads them in the checkout.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA = ("gamedata", "grammar", "templates")


class BuildWithData(build_py):
    """``build_py``, then the data folders copied into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in DATA:
            self.copy_tree(name, str(Path(self.build_lib) / "judge" / "_data" / name))


setup(cmdclass={"build_py": BuildWithData})
