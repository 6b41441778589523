"""What a seat sees of a game, for agents and clients: the observation, its data form,
and the tensors of learning agents with their layout. Built on :mod:`spadeslib.engine.core`
alone."""
