"""What a team reviews beside the code: breaking changes between spec sets, the Markdown catalogue, and the warnings
it acknowledges (each with a stable code)."""
