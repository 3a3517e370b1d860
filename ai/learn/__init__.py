"""Learning a whole win: the tree of one side's winning moves and every reply, down to proven plans."""
