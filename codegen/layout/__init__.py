"""Language-neutral layout: the document printer, JSON text for reading, quoted string literals, external formatters."""
