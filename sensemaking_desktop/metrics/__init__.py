"""Metrics: speech recognition quality now; Teacher, Student and Evaluator metrics as they land."""
