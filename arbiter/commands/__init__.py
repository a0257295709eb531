"""The commands of ``arbiter``, a module to each (or to a few that belong together).

``arbiter.cli`` holds the group and what the commands share; it imports a command's module
only when that command is run or listed, so a ruling does not build the other ten.
"""
