"""Widgets the areas share: choosers, tables, charts, editors and panels."""
