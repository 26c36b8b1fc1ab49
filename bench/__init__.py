"""The toolgen benchmark: a seeded spec generator (`specgen`) and the measuring command (`run`)."""
