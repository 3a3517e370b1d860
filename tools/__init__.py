"""Generators run by hand: the assets, the screenshots, the opening book, the shipped test positions."""
