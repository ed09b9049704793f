"""The agent: what the model sees, how it is asked, and the loop around it."""
