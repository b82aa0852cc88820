// Embed
