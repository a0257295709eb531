"""ruling"""
