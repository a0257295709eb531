"""The file formats, each declared once as msgspec Structs: a case, a rulebook, and the
rulebook cache's entry. From each declaration come the validation (``check``) and the
published JSON Schema (``schema``, written to ``arbiter/load/schemas``)."""
