"""The neutral intermediate model: frozen, language-free, names kept as words; built from validated specs."""
