"""Text helpers the roles use at run time: sentences, words, ROUGE-L and sentence embeddings.

They sit below the roles, metrics and ingestion, which all share them.
"""
