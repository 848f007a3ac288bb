DROP TABLE point_spends;
