"""The pygame window: scenes, drawing, input, sound and settings. Never searches."""
