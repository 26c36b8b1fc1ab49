"""What a team reviews beside the code: breaking changes between spec sets, the Markdown catalogue."""
