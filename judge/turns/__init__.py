"""The game's clock: a stored game seen through its variant, deadlines, ticks, playing a phase, notices.

Used by the commands and by `judge poll`; imports neither.
"""
