"""The version, in a module of its own so that any step may read it without loading the
package's facade."""

__version__ = "0.1.0"
