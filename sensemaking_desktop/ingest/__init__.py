"""Ingestion: learning material (PDF, EPUB, text, audio/video) into text blocks, then sections."""
