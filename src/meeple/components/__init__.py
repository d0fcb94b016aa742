"""Reusable pieces of tabletop games. They never name a game.

Components keep the state plain data: a deck is a list of card ids, a grid's layout is a list
or dict in the state, while the geometry (neighbours, rotations, arrows) is an immutable object
shared by every state.
"""
