"""Drawing (render/): boards, hands, maps, charts, animations and the drawing process."""
